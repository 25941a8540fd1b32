import { Box, Button, HStack, List, Stack, Text } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import type { ActorRefFrom } from "xstate"
import type { createBulkActionMachine } from "../../machines/bulk-action.machine.ts"
import { BusyButton } from "./busy-button.tsx"
import { ConfirmDialog } from "./confirm-dialog.tsx"

export type BulkActor<Row, Action extends string> = ActorRefFrom<ReturnType<typeof createBulkActionMachine<Row, Action>>>

/** One action the bar offers, as its button reads. */
export interface BulkChoice<Action extends string> {
  action: Action
  label: string
  /** Red for what removes or shuts out (Delete, Reject). */
  danger?: boolean
}

/** What a list's bar says, in that list's words; `n` is a count of rows. */
export interface BulkWords<Row, Action extends string> {
  /** The bar's name for screen readers, e.g. "Act on the chosen blogs". */
  group: string
  /** The row's name in the refusals, e.g. a blog's name or a ticket's number. */
  rowName: (row: Row) => string
  /** While the action runs, e.g. "Publishing 3 blogs…". */
  running: (action: Action, n: number) => string
  /** The summary's first words, e.g. "3 blogs published." */
  done: (action: Action, n: number) => string
  /** Before the refused rows, e.g. "1 blog not published:". */
  refused: (action: Action, n: number) => string
  /** After Undo, e.g. "Undone: 2 blogs put back." (lists that can undo). */
  undone?: (n: number) => string
  /** The question of an action that asks first. */
  confirmation: (action: Action, n: number) => { title: string; question: string; confirmLabel: string }
}

/** "1 blog", "3 blogs": a list's count of its rows. */
export const countOf =
  (singular: string, plural = `${singular}s`) =>
  (n: number) =>
    `${n} ${n === 1 ? singular : plural}`

/**
 * A list's bulk bar (issue 26), one for every list with a selection: with rows chosen, how many and the actions;
 * while the action runs, that it is busy; then which rows it was done to and which were refused and why, with
 * Undo for 5 seconds where the list's machine offers it. It only reads the machine and sends it events.
 */
export function BulkBar<Row, Action extends string>(props: {
  actor: BulkActor<Row, Action>
  choices: readonly BulkChoice<Action>[]
  words: BulkWords<Row, Action>
  rowKey: (row: Row) => string
}) {
  const { actor, words } = props
  const { selected, action, outcome, undone } = useSelector(actor, (s) => s.context)
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  const confirming = useSelector(actor, (s) => s.hasTag("confirming"))
  const undoable = useSelector(actor, (s) => s.hasTag("undoable"))
  const inSummary = useSelector(actor, (s) => s.hasTag("summary"))
  if (!busy && !inSummary && selected.length === 0) return null
  const asked = action ? words.confirmation(action, selected.length) : null
  const refusals = undone ? undone.refused : (outcome?.refused ?? [])
  return (
    <Box borderWidth="1px" rounded="md" bg="bg.subtle" px="3" py="2" data-testid="bulk-bar">
      {busy && !inSummary && action ? (
        <Text role="status" fontSize="sm">
          {words.running(action, selected.length)}
        </Text>
      ) : inSummary && outcome && action ? (
        <Stack gap="1" role="status">
          <HStack justify="space-between" wrap="wrap" gap="2">
            <Text fontSize="sm" fontWeight="medium" data-testid="bulk-summary">
              {undone && words.undone
                ? words.undone(undone.done.length)
                : `${words.done(action, outcome.done.length)}${outcome.refused.length ? ` ${words.refused(action, outcome.refused.length)}` : ""}`}
            </Text>
            <HStack gap="2">
              {undoable || busy ? (
                <BusyButton size="xs" variant="outline" busy={busy} onClick={() => actor.send({ type: "bulk.undo" })}>
                  Undo
                </BusyButton>
              ) : null}
              <Button size="xs" variant="ghost" onClick={() => actor.send({ type: "summary.close" })}>
                Close summary
              </Button>
            </HStack>
          </HStack>
          {refusals.length > 0 ? (
            <List.Root fontSize="sm" ps="5" data-testid="bulk-refused">
              {refusals.map(({ row, reason }) => (
                <List.Item key={props.rowKey(row)}>
                  {words.rowName(row)}: {reason}
                </List.Item>
              ))}
            </List.Root>
          ) : null}
        </Stack>
      ) : (
        <HStack justify="space-between" wrap="wrap" gap="2" role="group" aria-label={words.group}>
          <Text fontSize="sm" fontWeight="medium" data-testid="bulk-count">
            {selected.length} selected
          </Text>
          <HStack gap="2" wrap="wrap">
            {props.choices.map((choice) => (
              <Button
                key={choice.action}
                size="xs"
                colorPalette={choice.danger ? "red" : "teal"}
                variant="outline"
                onClick={() => actor.send({ type: "bulk.choose", action: choice.action })}
              >
                {choice.label}
              </Button>
            ))}
            <Button size="xs" variant="ghost" onClick={() => actor.send({ type: "selection.clear" })}>
              Clear selection
            </Button>
          </HStack>
        </HStack>
      )}
      <ConfirmDialog
        open={confirming && asked !== null}
        title={asked?.title}
        question={asked?.question ?? ""}
        confirmLabel={asked?.confirmLabel}
        onConfirm={() => actor.send({ type: "bulk.confirm" })}
        onCancel={() => actor.send({ type: "bulk.cancel" })}
      />
    </Box>
  )
}
