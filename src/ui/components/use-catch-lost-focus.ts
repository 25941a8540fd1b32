import { useEffect, useRef } from "react"

/**
 * When a step of a screen replaces the part that had focus (a form gives way to its result), focus
 * falls to the page and a keyboard user starts again from the header. The element this ref is put
 * on (with tabIndex -1) takes focus when it appears, but only if focus was lost, never stolen.
 */
export function useCatchLostFocus<T extends HTMLElement>() {
  const ref = useRef<T>(null)
  useEffect(() => {
    const active = document.activeElement
    if (!active || active === document.body) ref.current?.focus()
  }, [])
  return ref
}
