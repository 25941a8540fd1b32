import { Toaster as ChakraToaster, createToaster, Portal, Stack, Toast } from "@chakra-ui/react"

/**
 * The console's one toaster. Machines never import it: views pass `notify` into a machine's
 * provided actions, so machines stay pure and tests can record what would have been shown.
 * Bottom end: at the top they covered the header's bell and user menu and the page's own actions
 * (Change Status sits top right), and a toast under the pointer waits as long as the pointer stays.
 */
export const toaster = createToaster({ placement: "bottom-end", pauseOnPageIdle: true })

export const notify = (text: string, tone: "success" | "error" | "info" = "info") =>
  toaster.create({ description: text, type: tone, duration: tone === "error" ? 6000 : 2000 })

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: "4" }}>
        {(toast) => (
          <Toast.Root width={{ md: "sm" }}>
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
              {toast.description ? <Toast.Description>{toast.description}</Toast.Description> : null}
            </Stack>
            <Toast.CloseTrigger />
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  )
}
