import { useState, type ReactNode } from "react"
import { Box, Button, HStack, SimpleGrid, Skeleton, Stack, Text, VisuallyHidden } from "@chakra-ui/react"
import { useActorRef, useSelector } from "@xstate/react"
import type { createContentFormMachine } from "../../../machines/content/content-form.machine.ts"
import type { ImageSpec } from "../../../machines/content/content-form.machine.ts"
import type { FieldSpec } from "../../../machines/form/field-spec.ts"
import type { createPagedListMachine } from "../../../machines/paged-list.machine.ts"
import type { createRowActionsMachine } from "../../../machines/row-actions.machine.ts"
import { ConfirmDialog } from "../confirm-dialog.tsx"
import { notify } from "../toaster.tsx"
import { ContentFormDialog } from "./content-form-dialog.tsx"
import { MediaLibraryLink } from "./media-library-link.tsx"
import { useListActor } from "../use-list-actor.ts"
import { ExportButtons } from "../export-buttons.tsx"
import type { ExportList } from "../../../api/contract/list-export.ts"
import { ListHeader } from "../list-header.tsx"
import { RecordHistoryButton } from "../record-history-button.tsx"
import { CardRevisionsButton, type CardRevisionsConfig } from "./card-revisions-button.tsx"
import type { DraftForm } from "../../../api/contract/drafts/drafts.ts"
import { EmptyState } from "../empty-state.tsx"
import type { createBulkDeleteMachine } from "../../../machines/content/content-bulk-delete.ts"
import { BulkBar, countOf, type BulkWords } from "../bulk-bar.tsx"
import { pageSelection, SelectBox } from "../select-box.tsx"

export interface CardsScreenConfig<Item> {
  title: string
  addLabel: string
  emptyText: string
  deleteQuestion: string
  formTitles: { add: string; update: string }
  submitLabels?: { add: string; update: string }
  fields: readonly FieldSpec[]
  image: ImageSpec | null
  listMachine: ReturnType<typeof createPagedListMachine<Item>>
  formMachine: ReturnType<typeof createContentFormMachine<Item>>
  actionsMachine: ReturnType<typeof createRowActionsMachine>
  idOf: (item: Item) => string
  /** Names the item in button labels, e.g. 'Edit Dr. Kavita Menon'. */
  nameOf: (item: Item) => string
  renderCard: (item: Item) => ReactNode
  /** Gallery images are added and deleted, never edited. */
  editable: boolean
  /** The Admin's 'Export CSV' of every item (the cards have no search). */
  exportList: ExportList
  /** The kind of record the event log files each item under, for the Admin's History button (issue 25). */
  historyType: string
  /** Deletes the cards chosen with their boxes, after asking (issue 26). */
  bulkDeleteMachine: ReturnType<typeof createBulkDeleteMachine<Item>>
  /** The form's drafts (issue 28); the gallery's form holds only a file, which drafts do not keep. */
  draftForm?: DraftForm
  /** The Revisions of an editable card (issue 28); the gallery's images have none. */
  revisions?: CardRevisionsConfig
  /** What one card is and what many are, as the bulk bar counts them: "expert", "experts". */
  noun: { one: string; many: string }
}

/** The bulk bar's words for a card screen: delete is its one action, and it always asks. */
function bulkWords<Item>(config: CardsScreenConfig<Item>): BulkWords<Item, "delete"> {
  const count = countOf(config.noun.one, config.noun.many)
  return {
    group: `Act on the chosen ${config.noun.many}`,
    rowName: config.nameOf,
    running: (_action, n) => `Deleting ${count(n)}…`,
    done: (_action, n) => `${count(n)} deleted.`,
    refused: (_action, n) => `${count(n)} not deleted:`,
    confirmation: (_action, n) => ({
      title: `Delete ${config.noun.many}`,
      question: `Are you sure you want to delete ${count(n)}? They cannot be brought back.`,
      confirmLabel: `Delete ${count(n)}`,
    }),
  }
}

/**
 * A content screen made of cards (experts, testimonials, press, gallery): the list, the Add/Update
 * modal and the delete confirmation, each driven by its machine.
 */
export function CardsScreen<Item>({ config }: { config: CardsScreenConfig<Item> }) {
  const list = useListActor(config.listMachine)
  const reload = () => list.send({ type: "list.reload" })
  const [formLogic] = useState(() => config.formMachine.provide({ actions: { submitted: reload } }))
  const [actionsLogic] = useState(() => config.actionsMachine.provide({ actions: { listChanged: reload, notify: (_, { text, tone }) => notify(text, tone) } }))
  const form = useActorRef(formLogic)
  const actions = useActorRef(actionsLogic)
  const rows = useSelector(list, (s) => s.context.rows)
  const loading = useSelector(list, (s) => s.hasTag("busy"))
  const error = useSelector(list, (s) => s.context.error)
  const total = useSelector(list, (s) => s.context.total)
  const formMessage = useSelector(form, (s) => (s.matches("closed") ? s.context.message : null))
  const confirming = useSelector(actions, (s) => s.hasTag("confirming"))
  const deleting = useSelector(actions, (s) => s.hasTag("busy"))
  const [bulkLogic] = useState(() => config.bulkDeleteMachine.provide({ actions: { listChanged: reload } }))
  const bulk = useActorRef(bulkLogic)
  const chosen = useSelector(bulk, (s) => s.context.selected.map(config.idOf))
  const bulkBusy = useSelector(bulk, (s) => s.hasTag("busy"))
  const [words] = useState(() => bulkWords(config))

  return (
    <Stack gap="5">
      <ListHeader
        title={config.title}
        message={formMessage}
        exportButton={<ExportButtons list={config.exportList} search="" />}
        action={
          <>
            <MediaLibraryLink />
            <Button aria-haspopup="dialog" data-dialog="add" colorPalette="teal" onClick={() => form.send({ type: "form.open" })}>
              {config.addLabel}
            </Button>
          </>
        }
      />
      {rows.length > 0 ? (
        <SelectBox
          label={`Select all ${config.noun.many} shown`}
          text="Select all"
          checked={pageSelection(rows.map(config.idOf), chosen)}
          disabled={bulkBusy}
          onChange={(checked) => bulk.send({ type: "selection.setAll", rows, selected: checked })}
        />
      ) : null}
      <BulkBar actor={bulk} choices={[{ action: "delete", label: "Delete", danger: true }]} words={words} rowKey={config.idOf} />
      {/* A reload keeps the cards (see DataTable): the focused Edit button survives a save. */}
      {loading && rows.length === 0 ? (
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3, xl: 4 }} gap="4" aria-busy="true" data-testid="list-loading">
          <VisuallyHidden role="status">Loading</VisuallyHidden>
          {Array.from({ length: 4 }, (_, i) => (
            <Stack key={i} borderWidth="1px" rounded="lg" p="4" gap="3" aria-hidden="true">
              <Skeleton height="32" />
              <Skeleton height="4" width="70%" />
              <Skeleton height="4" width="40%" />
            </Stack>
          ))}
        </SimpleGrid>
      ) : error ? (
        <Text role="alert" color="red.600" data-testid="list-error">
          {error}
        </Text>
      ) : rows.length === 0 ? (
        <EmptyState text={config.emptyText} />
      ) : (
        <SimpleGrid
          as="ul"
          columns={{ base: 1, sm: 2, lg: 3, xl: 4 }}
          gap="4"
          listStyleType="none"
          data-testid="card-grid"
          aria-busy={loading}
          opacity={loading ? 0.6 : 1}
        >
          {rows.map((item) => (
            <Box
              as="li"
              key={config.idOf(item)}
              bg="bg"
              borderWidth="1px"
              rounded="lg"
              overflow="hidden"
              display="flex"
              flexDirection="column"
              data-testid="content-card"
            >
              <Box flex="1">{config.renderCard(item)}</Box>
              <HStack justify="flex-end" p="3" pt="0" gap="2" wrap="wrap">
                <Box me="auto" display="flex" alignItems="center">
                  <SelectBox
                    label={`Select ${config.nameOf(item)}`}
                    checked={chosen.includes(config.idOf(item))}
                    disabled={bulkBusy}
                    onChange={() => bulk.send({ type: "selection.toggle", row: item })}
                  />
                </Box>
                <RecordHistoryButton entityType={config.historyType} entityId={config.idOf(item)} name={config.nameOf(item)} />
                {config.revisions ? (
                  <CardRevisionsButton config={config.revisions} itemId={config.idOf(item)} name={config.nameOf(item)} onRestored={reload} />
                ) : null}
                {config.editable ? (
                  <Button
                    aria-haspopup="dialog"
                    data-dialog="edit"
                    size="sm"
                    variant="outline"
                    aria-label={`Edit ${config.nameOf(item)}`}
                    onClick={() => form.send({ type: "form.open", item })}
                  >
                    Edit
                  </Button>
                ) : null}
                {/* Never disabled while its confirmation is open (the dialog is modal, the machine takes a request only
                    when idle): Chromium moves focus off a button that becomes disabled, so Escape had nowhere to return. */}
                <Button
                  aria-haspopup="dialog"
                  data-dialog="delete"
                  size="sm"
                  variant="outline"
                  colorPalette="red"
                  aria-label={`Delete ${config.nameOf(item)}`}
                  onClick={() => actions.send({ type: "delete.request", id: config.idOf(item) })}
                >
                  Delete
                </Button>
              </HStack>
            </Box>
          ))}
        </SimpleGrid>
      )}
      {total > rows.length && !loading ? (
        <Text fontSize="sm" color="fg.muted">
          Showing the newest {rows.length} of {total}.
        </Text>
      ) : null}
      <ContentFormDialog
        actor={form}
        fields={config.fields}
        image={config.image}
        titles={config.formTitles}
        submitLabels={config.submitLabels}
        library
        {...(config.draftForm ? { draftForm: config.draftForm } : {})}
      />
      <ConfirmDialog
        open={confirming}
        question={config.deleteQuestion}
        busy={deleting}
        onConfirm={() => actions.send({ type: "delete.confirm" })}
        onCancel={() => actions.send({ type: "delete.cancel" })}
      />
    </Stack>
  )
}
