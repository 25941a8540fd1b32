/**
 * "Notifications, 3 unread": what the bell says to a screen reader, and its badge to the eye. Past 99
 * the badge shows "99+", so the name says "more than 99": a name that holds what the eye reads
 * (WCAG 2.5.3, axe's label-content-name-mismatch) for a voice user who says what they see.
 */
export const bellLabel = (unread: number) =>
  unread === 0 ? "Notifications" : unread > 99 ? "Notifications, more than 99 unread" : `Notifications, ${unread} unread`
export const badgeText = (unread: number) => (unread > 99 ? "99+" : String(unread))
