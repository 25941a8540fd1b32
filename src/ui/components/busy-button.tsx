import { Button, Spinner, type ButtonProps } from "@chakra-ui/react"

/**
 * A button that shows it is working (spinner, aria-busy, aria-disabled) and keeps keyboard focus.
 * Chakra's `loading` disables the button, and a disabled button hands focus to the top of the page:
 * after every filter, export or save a keyboard user started again from the header. A press while
 * busy does nothing (a submit button does not submit). For actions whose screen stays put; where a
 * dialog closes or the page changes, the plain `loading` is fine.
 */
export function BusyButton({
  busy,
  loadingText,
  children,
  onClick,
  ...rest
}: Omit<ButtonProps, "loading" | "loadingText"> & { busy: boolean; loadingText?: string }) {
  return (
    <Button
      {...rest}
      aria-busy={busy}
      aria-disabled={busy || rest["aria-disabled"] === true || undefined}
      onClick={(event) => {
        if (busy) return event.preventDefault()
        onClick?.(event)
      }}
    >
      {busy ? <Spinner size="xs" aria-hidden="true" /> : null}
      {busy && loadingText ? loadingText : children}
    </Button>
  )
}
