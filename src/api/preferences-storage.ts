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

const pageSizeKey = (userId: string, listId: string) => `console.pageSize.${userId}.${listId}`

/** The page size a person last chose on a list, in this browser. */
export function loadListPageSize(userId: string, listId: string): number | undefined {
  const value = Number(typeof localStorage === "undefined" ? "" : (localStorage.getItem(pageSizeKey(userId, listId)) ?? ""))
  return Number.isInteger(value) && value >= 1 ? value : undefined
}

export function saveListPageSize(userId: string, listId: string, size: number): void {
  if (typeof localStorage !== "undefined") localStorage.setItem(pageSizeKey(userId, listId), String(size))
}
