import { useState } from "react"
import { ResponsiveImage } from "./responsive-image.tsx"
import { Box, Button, chakra, CloseButton, Dialog, Portal, SimpleGrid, Skeleton, Stack, Text, VisuallyHidden } from "@chakra-ui/react"
import { useActorRef, useSelector } from "@xstate/react"
import type { MediaItem } from "../../../api/contract/media/media.ts"
import { mediaListMachine } from "../../../machines/media/media-library.machine.ts"
import { mediaPickerMachine, PICKER_EMPTY } from "../../../machines/media/media-picker.machine.ts"
import { SearchBox } from "../../pages/vendors/search-box.tsx"
import { Pager } from "../pager.tsx"
import { usePagedList } from "../use-paged-list.ts"

/**
 * "Choose from library" (issue 28): a button beside a content form's image that opens the media library over
 * the form; the image chosen becomes the form's image, as a chosen file would.
 */
export function LibraryPicker(props: { label: string; disabled?: boolean; onPick: (item: MediaItem) => void }) {
  const [logic] = useState(() => mediaPickerMachine.provide({ actions: { picked: (_, { item }) => props.onPick(item) } }))
  const picker = useActorRef(logic)
  const open = useSelector(picker, (s) => s.matches("open"))
  return (
    <>
      <Button
        size="xs"
        variant="outline"
        alignSelf="flex-start"
        aria-haspopup="dialog"
        data-dialog="library"
        disabled={props.disabled}
        onClick={() => picker.send({ type: "picker.open" })}
      >
        Choose from library
      </Button>
      <Dialog.Root lazyMount unmountOnExit open={open} size="xl" scrollBehavior="inside" onOpenChange={(e) => !e.open && picker.send({ type: "picker.close" })}>
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>Choose {props.label.toLowerCase()} from the library</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <PickerGrid onPick={(item) => picker.send({ type: "picker.pick", item })} />
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={() => picker.send({ type: "picker.close" })}>
                  Cancel
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  )
}

/** The library's images, loaded when the picker opens (its own list: the form's page keeps its address). */
function PickerGrid(props: { onPick: (item: MediaItem) => void }) {
  const list = useActorRef(mediaListMachine, { input: undefined })
  const { rows, loading, error, total, pager } = usePagedList(list)
  const search = useSelector(list, (s) => s.context.search)
  return (
    <Stack gap="4">
      <SearchBox label="Search by alt text" current={search} onSearch={(value) => list.send({ type: "search.change", search: value })} disabled={loading} />
      {loading && rows.length === 0 ? (
        <SimpleGrid columns={{ base: 2, md: 3 }} gap="3" aria-busy="true">
          <VisuallyHidden role="status">Loading the media library</VisuallyHidden>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} height="28" rounded="md" />
          ))}
        </SimpleGrid>
      ) : error ? (
        <Text role="alert" color="fg.error">
          {error}
        </Text>
      ) : rows.length === 0 ? (
        <Text color="fg.muted">{search ? `No image's alt text holds “${search}”.` : PICKER_EMPTY}</Text>
      ) : (
        <SimpleGrid as="ul" columns={{ base: 2, md: 3 }} gap="3" listStyleType="none" aria-busy={loading} data-testid="library-picker-grid">
          {rows.map((m) => (
            <Box as="li" key={m._id}>
              <chakra.button
                type="button"
                w="full"
                textAlign="start"
                borderWidth="1px"
                rounded="md"
                overflow="hidden"
                cursor="pointer"
                _hover={{ borderColor: "teal.solid" }}
                _focusVisible={{ outline: "2px solid", outlineColor: "teal.focusRing", outlineOffset: "2px" }}
                onClick={() => props.onPick(m)}
              >
                <ResponsiveImage src={m.url} picture={m} sizes="(min-width: 48em) 240px, 45vw" alt="" aspectRatio={3 / 2} objectFit="cover" w="full" h="auto" />
                <Text fontSize="xs" p="2" lineClamp={2}>
                  {/* The name is what the button shows ("Choose <alt> <size>"), as a speech-input user reads it. */}
                  <VisuallyHidden>Choose </VisuallyHidden>
                  {m.alt}
                  <chakra.span display="block" color="fg.muted">
                    {m.width} × {m.height} px
                  </chakra.span>
                </Text>
              </chakra.button>
            </Box>
          ))}
        </SimpleGrid>
      )}
      {total > rows.length ? <Pager {...pager} /> : null}
    </Stack>
  )
}
