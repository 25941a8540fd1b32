import { useCallback, type RefObject } from "react"

/**
 * A closed menu gives focus back to its trigger, even when Zag's own hand-back loses a race: an
 * arrow key queues "focus the menu" for the next animation frame, Escape hands focus back at once
 * (a microtask), and on a slow frame the queued focus lands on the closing menu afterwards. When
 * the menu finishes hiding, focus then falls to the page and a keyboard user starts over from the
 * header. Put the returned callback on `Menu.Root`'s `onExitComplete`.
 */
export function useMenuFocusReturn(trigger: RefObject<HTMLElement | null>) {
  return useCallback(() => {
    const active = document.activeElement
    const lost = !active || active === document.body || !active.isConnected || active.closest('[role="menu"]') !== null
    if (lost) trigger.current?.focus({ preventScroll: true })
  }, [trigger])
}
