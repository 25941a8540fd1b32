import { useState } from "react"
import { GRID_IMAGE_SIZES, ResponsiveImage } from "../../components/media/responsive-image.tsx"
import { Badge, Box, Button, HStack, SimpleGrid, Skeleton, Stack, Text, VisuallyHidden } from "@chakra-ui/react"
import { useActorRef, useSelector } from "@xstate/react"
import { mediaUseLabels, type MediaItem } from "../../../api/contract/media/media.ts"
import {
  deleteQuestion,
  MEDIA_EMPTY,
  mediaActionsMachine,
  mediaAltFields,
  mediaAltMachine,
  mediaListMachine,
  mediaUploadMachine,
} from "../../../machines/media/media-library.machine.ts"
import { ConfirmDialog } from "../../components/confirm-dialog.tsx"
import { ContentFormDialog } from "../../components/content/content-form-dialog.tsx"
import { EmptyState } from "../../components/empty-state.tsx"
import { formatDate } from "../../components/format.ts"
import { ListHeader } from "../../components/list-header.tsx"
import { Pager } from "../../components/pager.tsx"
import { RecordHistoryButton } from "../../components/record-history-button.tsx"
import { notify } from "../../components/toaster.tsx"
import { useListActor } from "../../components/use-list-actor.ts"
import { usePagedList } from "../../components/use-paged-list.ts"
import { SearchBox } from "../vendors/search-box.tsx"

const sizeOf = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`)
const nameOf = (m: MediaItem) => (m.alt.length > 40 ? `${m.alt.slice(0, 40)}…` : m.alt)

/**
 * The media library (issue 28): every image uploaded for the website, once, with its alt text, size, uploader
 * and where it is used; upload (alt text required), edit the alt text, delete after a warning naming where it is used.
 */
export default function MediaLibraryPage() {
  const list = useListActor(mediaListMachine)
  const reload = () => list.send({ type: "list.reload" })
  const [uploadLogic] = useState(() => mediaUploadMachine.provide({ actions: { submitted: reload } }))
  const [altLogic] = useState(() => mediaAltMachine.provide({ actions: { submitted: reload } }))
  const [actionsLogic] = useState(() => mediaActionsMachine.provide({ actions: { listChanged: reload, notify: (_, { text, tone }) => notify(text, tone) } }))
  const upload = useActorRef(uploadLogic)
  const altForm = useActorRef(altLogic)
  const actions = useActorRef(actionsLogic)
  const ctx = useSelector(list, (s) => s.context)
  const loading = useSelector(list, (s) => s.hasTag("busy"))
  const { pager } = usePagedList(list)
  const uploadMessage = useSelector(upload, (s) => (s.matches("closed") ? s.context.message : null))
  const altMessage = useSelector(altForm, (s) => (s.matches("closed") ? s.context.message : null))
  const confirming = useSelector(actions, (s) => s.hasTag("confirming"))
  const deleting = useSelector(actions, (s) => s.hasTag("busy"))
  const targetId = useSelector(actions, (s) => s.context.targetId)
  const target = ctx.rows.find((m) => m._id === targetId)

  return (
    <Stack gap="5">
      <ListHeader
        title="Media Library"
        message={uploadMessage ?? altMessage}
        meta={ctx.total > 0 ? <Text color="fg.muted">{ctx.total === 1 ? "1 image" : `${ctx.total} images`}</Text> : null}
        action={
          <Button aria-haspopup="dialog" data-dialog="upload" colorPalette="teal" onClick={() => upload.send({ type: "form.open" })}>
            + Upload Image
          </Button>
        }
      />
      <SearchBox label="Search by alt text" current={ctx.search} onSearch={(search) => list.send({ type: "search.change", search })} disabled={loading} />
      {loading && ctx.rows.length === 0 ? (
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3, xl: 4 }} gap="4" aria-busy="true" data-testid="list-loading">
          <VisuallyHidden role="status">Loading the media library</VisuallyHidden>
          {Array.from({ length: 4 }, (_, i) => (
            <Stack key={i} borderWidth="1px" rounded="lg" p="4" gap="3" aria-hidden="true">
              <Skeleton height="32" />
              <Skeleton height="4" width="70%" />
            </Stack>
          ))}
        </SimpleGrid>
      ) : ctx.error ? (
        <Text role="alert" color="red.600" data-testid="list-error">
          {ctx.error}
        </Text>
      ) : ctx.rows.length === 0 ? (
        <EmptyState text={ctx.search ? `No image's alt text holds “${ctx.search}”.` : MEDIA_EMPTY} />
      ) : (
        <SimpleGrid as="ul" columns={{ base: 1, sm: 2, lg: 3, xl: 4 }} gap="4" listStyleType="none" data-testid="media-grid" aria-busy={loading}>
          {ctx.rows.map((m) => (
            <Box as="li" key={m._id} bg="bg" borderWidth="1px" rounded="lg" overflow="hidden" display="flex" flexDirection="column" data-testid="media-card">
              <ResponsiveImage src={m.url} picture={m} sizes={GRID_IMAGE_SIZES} alt={m.alt} aspectRatio={3 / 2} objectFit="cover" w="full" h="auto" />
              <Stack gap="1" p="3" flex="1" fontSize="sm">
                <Text fontWeight="medium" lineClamp={2}>
                  {m.alt || <em>No alt text</em>}
                </Text>
                <Text color="fg.muted">
                  {m.width} × {m.height} px · {sizeOf(m.bytes)} · {m.type.replace("image/", "").toUpperCase()}
                </Text>
                <Text color="fg.muted">
                  {m.uploadedBy ? `Uploaded by ${m.uploadedBy}` : "Uploaded"} on {formatDate(m.createdAt)}
                </Text>
                {m.usedIn.length > 0 ? (
                  <Box>
                    <Text color="fg.muted">Used in:</Text>
                    <HStack as="ul" wrap="wrap" gap="1" listStyleType="none">
                      {m.usedIn.map((u) => (
                        <Badge as="li" key={`${u.kind}:${u.id}`} variant="subtle" colorPalette="teal">
                          {mediaUseLabels[u.kind]}: {u.label.length > 30 ? `${u.label.slice(0, 30)}…` : u.label}
                        </Badge>
                      ))}
                    </HStack>
                  </Box>
                ) : (
                  <Text color="fg.muted">Not used yet</Text>
                )}
              </Stack>
              <HStack justify="flex-end" p="3" pt="0" gap="2" wrap="wrap">
                <RecordHistoryButton entityType="media" entityId={m._id} name={nameOf(m)} />
                <Button
                  aria-haspopup="dialog"
                  data-dialog="edit"
                  size="sm"
                  variant="outline"
                  aria-label={`Edit alt text of ${nameOf(m)}`}
                  onClick={() => altForm.send({ type: "form.open", item: m })}
                >
                  Edit alt text
                </Button>
                <Button
                  aria-haspopup="dialog"
                  data-dialog="delete"
                  size="sm"
                  variant="outline"
                  colorPalette="red"
                  aria-label={`Delete ${nameOf(m)}`}
                  onClick={() => actions.send({ type: "delete.request", id: m._id })}
                >
                  Delete
                </Button>
              </HStack>
            </Box>
          ))}
        </SimpleGrid>
      )}
      {ctx.total > ctx.rows.length ? <Pager {...pager} /> : null}
      <ContentFormDialog
        actor={upload}
        fields={mediaAltFields}
        image={{ label: "Image" }}
        titles={{ add: "Upload Image", update: "Upload Image" }}
        submitLabels={{ add: "Upload", update: "Upload" }}
      />
      <ContentFormDialog actor={altForm} fields={mediaAltFields} image={null} titles={{ add: "Edit alt text", update: "Edit alt text" }} />
      <ConfirmDialog
        open={confirming}
        title="Delete this image?"
        question={deleteQuestion(target)}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={deleting}
        onConfirm={() => actions.send({ type: "delete.confirm" })}
        onCancel={() => actions.send({ type: "delete.cancel" })}
      />
    </Stack>
  )
}
