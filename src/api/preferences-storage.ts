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
