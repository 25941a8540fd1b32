import type { ReactNode } from "react"
import { Stack, Text } from "@chakra-ui/react"
import { Inbox, type LucideIcon } from "lucide-react"

/**
 * What a list shows when it has nothing: an icon, the screen's exact empty text (the spec's words, alone in
 * `list-empty`) and, where there is one, the next step (a screen's Add button).
 */
export function EmptyState({ text, icon: Icon = Inbox, action }: { text: string; icon?: LucideIcon; action?: ReactNode }) {
  return (
    <Stack align="center" gap="3" py="10" px="4" borderWidth="1px" borderStyle="dashed" rounded="md" color="fg.muted" textAlign="center">
      <Icon size={32} strokeWidth={1.5} aria-hidden="true" />
      <Text data-testid="list-empty">{text}</Text>
      {action}
    </Stack>
  )
}
