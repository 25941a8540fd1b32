import { Button, Dialog, Portal, Text } from "@chakra-ui/react"

/** Every destructive action asks first (spec section 5), e.g. 'Are you sure you want to delete this blog?'. */
export function ConfirmDialog(props: {
  open: boolean
  title?: string
  question: string
  confirmLabel?: string
  /** What the confirm button reads while the action runs ('Deleting...'); a spinner alone says too little. */
  busyLabel?: string
  busy?: boolean
  onConfirm: () => void
  onCancel: () => void
}) {
  return (
    <Dialog.Root role="alertdialog" open={props.open} onOpenChange={(e) => !e.open && props.onCancel()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{props.title ?? "Please confirm"}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{props.question}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={props.onCancel} disabled={props.busy}>
                Cancel
              </Button>
              <Button colorPalette="red" onClick={props.onConfirm} loading={props.busy} loadingText={props.busyLabel} aria-busy={props.busy}>
                {props.confirmLabel ?? "Yes"}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
