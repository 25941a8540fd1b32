import { Button, HStack } from "@chakra-ui/react"

export type SessionsLayout = "table" | "calendar"

/** Table (the spec's) or Calendar: how a sessions page shows them. */
export function SessionsViewSwitch(props: { value: SessionsLayout; onChange: (layout: SessionsLayout) => void }) {
  return (
    <HStack gap="1" role="group" aria-label="Show sessions as">
      {(["table", "calendar"] as const).map((layout) => (
        <Button
          key={layout}
          size="sm"
          variant={props.value === layout ? "solid" : "outline"}
          colorPalette="teal"
          aria-pressed={props.value === layout}
          onClick={() => props.onChange(layout)}
        >
          {layout === "table" ? "Table" : "Calendar"}
        </Button>
      ))}
    </HStack>
  )
}
