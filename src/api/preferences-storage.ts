/** The person's display preferences, kept in this browser only. */
export type ColorModePreference = "system" | "light" | "dark"

const KEY = "console.colorMode"

export function loadColorMode(): ColorModePreference {
  const value = typeof localStorage === "undefined" ? null : localStorage.getItem(KEY)
  return value === "light" || value === "dark" ? value : "system"
}

export function saveColorMode(mode: ColorModePreference): void {
  if (mode === "system") localStorage.removeItem(KEY)
  else localStorage.setItem(KEY, mode)
}

export const systemPrefersDark = (): boolean => typeof matchMedia !== "undefined" && matchMedia("(prefers-color-scheme: dark)").matches

/** How a person reads one list (its page size, its hidden columns), as they left it. */
export interface StoredListView {
  size?: number
  hidden?: string[]
}

const listViewKey = (userId: string, listId: string) => `console.listView.${userId}.${listId}`

/** How a person last read a list in this browser; what is not a size or a list of names is left out. */
export function loadListView(userId: string, listId: string): StoredListView {
  const raw = typeof localStorage === "undefined" ? null : localStorage.getItem(listViewKey(userId, listId))
  let stored: unknown
  try {
    stored = raw === null ? null : JSON.parse(raw)
  } catch {
    return {}
  }
  if (typeof stored !== "object" || stored === null) return {}
  const { size, hidden } = stored as { size?: unknown; hidden?: unknown }
  return {
    ...(typeof size === "number" && Number.isInteger(size) && size >= 1 ? { size } : {}),
    ...(Array.isArray(hidden) ? { hidden: hidden.filter((column): column is string => typeof column === "string") } : {}),
  }
}

export function saveListView(userId: string, listId: string, view: { size: number; hidden: readonly string[] }): void {
  if (typeof localStorage !== "undefined") localStorage.setItem(listViewKey(userId, listId), JSON.stringify({ size: view.size, hidden: view.hidden }))
}
