import type { KeptField, KeptInput } from "../../machines/account/auth.machine.ts"

/**
 * The page's typed text, read when the session ends by itself (auth.machine.ts keeps it) and put back after
 * the same person signs in again. Fields are named by their labels, which is also how they are found again;
 * passwords, files, choices and the header's search are never kept.
 */
const FIELDS = "input, textarea, select, [contenteditable='true']"
const SKIPPED_TYPES = new Set(["password", "hidden", "file", "checkbox", "radio", "submit", "button", "reset", "image", "search"])

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | HTMLElement

function labelOf(el: Field): string {
  const labels = "labels" in el && el.labels ? [...el.labels] : []
  const byId = (el.getAttribute("aria-labelledby") ?? "")
    .split(/\s+/)
    .map((id) => (id ? document.getElementById(id)?.textContent : ""))
    .join(" ")
  return (labels[0]?.textContent ?? el.getAttribute("aria-label") ?? (byId.trim() || el.getAttribute("name") || "")).replace(/\s+/g, " ").trim()
}

function isKept(el: Field): boolean {
  if (el.closest("header, [role='search']")) return false
  if (el instanceof HTMLInputElement) return !SKIPPED_TYPES.has(el.type) && !el.disabled && !el.readOnly
  if (el instanceof HTMLTextAreaElement) return !el.disabled && !el.readOnly
  return true
}

function valueOf(el: Field): string {
  if (el instanceof HTMLSelectElement) return el.value ? (el.selectedOptions[0]?.text ?? "") : ""
  if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) return el.value
  return el.innerText
}

export function readTypedInput(): { path: string; fields: KeptField[] } {
  const fields: KeptField[] = []
  for (const el of document.querySelectorAll<Field>(FIELDS)) {
    if (!isKept(el)) continue
    const label = labelOf(el)
    const value = valueOf(el)
    if (label && value.trim() && !fields.some((f) => f.label === label)) fields.push({ label, value })
  }
  return { path: window.location.pathname, fields }
}

/** Sets a field the way typing would, so React (and the machine behind the view) hears of it. */
function fill(el: Field, value: string): boolean {
  if (el instanceof HTMLSelectElement) {
    const option = [...el.options].find((o) => o.text === value)
    if (!option) return false
    el.value = option.value
    el.dispatchEvent(new Event("change", { bubbles: true }))
    return true
  }
  if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) {
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), "value")?.set
    setter?.call(el, value)
    el.dispatchEvent(new Event("input", { bubbles: true }))
    el.dispatchEvent(new Event("change", { bubbles: true }))
    return true
  }
  return false
}

/** Puts the kept text back into this page's fields that carry the same labels and are still empty. */
export function putBackTypedInput(kept: KeptInput): void {
  if (window.location.pathname !== kept.path) return
  for (const el of document.querySelectorAll<Field>(FIELDS)) {
    if (!isKept(el) || valueOf(el).trim()) continue
    const field = kept.fields.find((f) => f.label === labelOf(el))
    if (field) fill(el, field.value)
  }
}
