import { Badge, Box, Button, chakra, Field, HStack, NativeSelect, SimpleGrid, Stack, Table, Text } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import type { ActorRefFrom } from "xstate"
import type { RevisionSummary } from "../../api/contract/revisions.ts"
import type { createRevisionsMachine, RevisionComparison } from "../../machines/revisions.machine.ts"
import { ConfirmDialog } from "./confirm-dialog.tsx"
import { formatDateTime } from "./format.ts"

export type RevisionsActor = ActorRefFrom<ReturnType<typeof createRevisionsMachine>>

const nameOf = (r: RevisionSummary) => `${r.change}${r.at ? `, ${formatDateTime(r.at)}` : ""}${r.by ? ` by ${r.by}` : ""}`

/** What the panel says of the item: "blog" in "Revisions of this blog", and what a restore puts back. */
export interface RevisionsWords {
  what: string
  restoreQuestion: string
}

/**
 * An item's Revisions (issue 28): every revision, newest first; two picked and compared (the fields that
 * differ, the long text word by word); any earlier one restored after a confirmation. The machine must be
 * opened (`revisions.open`) by whoever shows the panel.
 */
export function RevisionsPanel({ actor, words }: { actor: RevisionsActor; words: RevisionsWords }) {
  const ctx = useSelector(actor, (s) => s.context)
  const loading = useSelector(actor, (s) => s.matches("loading"))
  const failed = useSelector(actor, (s) => s.matches("failed"))
  const comparing = useSelector(actor, (s) => s.matches("comparing"))
  const confirming = useSelector(actor, (s) => s.hasTag("confirming"))
  const restoring = useSelector(actor, (s) => s.matches("restoring"))
  return (
    <>
      <Stack as="section" aria-label="Revisions" gap="3" data-testid="revisions" aria-busy={loading || comparing}>
        {loading && ctx.revisions.length === 0 ? <Text role="status">Loading revisions...</Text> : null}
        {ctx.error ? (
          <Text role="alert" color="fg.error">
            {ctx.error}
          </Text>
        ) : null}
        {failed ? (
          <Button size="xs" alignSelf="start" onClick={() => actor.send({ type: "revisions.retry" })}>
            Try again
          </Button>
        ) : null}
        {ctx.revisions.length > 0 ? (
          <>
            <Table.ScrollArea borderWidth="1px" rounded="md" aria-label={`Revisions of this ${words.what}`} tabIndex={0}>
              <Table.Root size="sm">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>Change</Table.ColumnHeader>
                    <Table.ColumnHeader>When</Table.ColumnHeader>
                    <Table.ColumnHeader>By</Table.ColumnHeader>
                    <Table.ColumnHeader>Title</Table.ColumnHeader>
                    <Table.ColumnHeader>Action</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {ctx.revisions.map((r) => (
                    <Table.Row key={r.id} data-testid="revision-row">
                      <Table.Cell>
                        <HStack gap="2">
                          <span>{r.change}</span>
                          {r.current ? <Badge colorPalette="teal">Current</Badge> : null}
                        </HStack>
                      </Table.Cell>
                      <Table.Cell whiteSpace="nowrap">{r.at ? formatDateTime(r.at) : "Before its recorded history"}</Table.Cell>
                      <Table.Cell>{r.by ?? "N/A"}</Table.Cell>
                      <Table.Cell>{r.title}</Table.Cell>
                      <Table.Cell>
                        {r.current ? null : (
                          <Button
                            size="xs"
                            variant="outline"
                            aria-haspopup="dialog"
                            aria-label={`Restore ${nameOf(r)}`}
                            onClick={() => actor.send({ type: "restore.request", id: r.id })}
                          >
                            Restore
                          </Button>
                        )}
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
            <form
              onSubmit={(e) => {
                e.preventDefault()
                actor.send({ type: "revisions.compare" })
              }}
            >
              <SimpleGrid columns={{ base: 1, md: 3 }} gap="3" alignItems="end">
                {(["from", "to"] as const).map((side) => (
                  <Field.Root key={side}>
                    <Field.Label>{side === "from" ? "Compare" : "With"}</Field.Label>
                    <NativeSelect.Root size="sm">
                      <NativeSelect.Field value={ctx[side]} onChange={(e) => actor.send({ type: "pick.change", side, id: e.target.value })}>
                        {ctx.revisions.map((r) => (
                          <option key={r.id} value={r.id}>
                            {nameOf(r)}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Field.Root>
                ))}
                <Button type="submit" size="sm" loading={comparing} loadingText="Comparing...">
                  Compare
                </Button>
              </SimpleGrid>
            </form>
            {ctx.comparison ? <Comparison comparison={ctx.comparison} /> : null}
          </>
        ) : null}
      </Stack>
      <ConfirmDialog
        open={confirming}
        title="Restore this revision?"
        question={words.restoreQuestion}
        confirmLabel="Restore"
        busyLabel="Restoring..."
        busy={restoring}
        onConfirm={() => actor.send({ type: "restore.confirm" })}
        onCancel={() => actor.send({ type: "restore.cancel" })}
      />
    </>
  )
}

function Comparison({ comparison }: { comparison: RevisionComparison }) {
  const same = comparison.fields.length === 0 && comparison.body === null && !comparison.imageChanged
  return (
    <Box borderWidth="1px" rounded="md" p="3" data-testid="revision-comparison" aria-live="polite">
      <Text fontSize="sm" color="fg.muted" mb="2">
        From {nameOf(comparison.from)} to {nameOf(comparison.to)}
      </Text>
      {same ? <Text>The two revisions hold the same content.</Text> : null}
      {comparison.fields.map((f) => (
        <Text key={f.label} fontSize="sm">
          <strong>{f.label}:</strong> <chakra.del bg="red.subtle">{f.before}</chakra.del> → <chakra.ins bg="green.subtle">{f.after}</chakra.ins>
        </Text>
      ))}
      {comparison.imageChanged ? <Text fontSize="sm">The image changed.</Text> : null}
      {comparison.body ? (
        <Box mt="2">
          <Text fontSize="sm" fontWeight="semibold">
            {comparison.bodyLabel} (<chakra.ins bg="green.subtle">added</chakra.ins>, <chakra.del bg="red.subtle">removed</chakra.del>)
          </Text>
          <Text whiteSpace="pre-wrap" data-testid="body-diff">
            {comparison.body.map((part, i) =>
              part.kind === "added" ? (
                <chakra.ins key={i} bg="green.subtle">
                  {part.text}
                </chakra.ins>
              ) : part.kind === "removed" ? (
                <chakra.del key={i} bg="red.subtle">
                  {part.text}
                </chakra.del>
              ) : (
                <span key={i}>{part.text}</span>
              ),
            )}
          </Text>
        </Box>
      ) : null}
    </Box>
  )
}
