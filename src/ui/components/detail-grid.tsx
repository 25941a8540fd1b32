import type { ReactNode } from "react"
import { DataList } from "@chakra-ui/react"
import { NOT_AVAILABLE } from "./format.ts"

/** Label–value pairs of a details modal; empty values read 'N/A'. */
export function DetailGrid({ items, testId }: { items: Array<[string, ReactNode]>; testId?: string }) {
  return (
    <DataList.Root orientation="horizontal" size="md" data-testid={testId}>
      {items.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel minW="36">{label}</DataList.ItemLabel>
          <DataList.ItemValue wordBreak="break-word">{value === null || value === undefined || value === "" ? NOT_AVAILABLE : value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  )
}
