import type { ReactNode } from "react"
import { Button, CloseButton, Dialog, Portal } from "@chakra-ui/react"

/** A read-only modal (View, Session Details): a title, the body and a Close button. */
export function DetailsDialog(props: { open: boolean; title: string; onClose: () => void; children: ReactNode; size?: "md" | "lg" }) {
  return (
    <Dialog.Root open={props.open} onOpenChange={(e) => !e.open && props.onClose()} size={props.size ?? "lg"} scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{props.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{props.children}</Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={props.onClose}>
                Close
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
