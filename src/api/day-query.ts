/** A list's days as its query sends them: each bound only when set ("" is an open end, and the server refuses an empty one). */
export const dayQuery = ({ from, to }: { from?: string | undefined; to?: string | undefined } = {}) => ({
  ...(from ? { from } : {}),
  ...(to ? { to } : {}),
})
