/** Spec sections 4 and 9: modals close about 1 s after a save; success messages vanish after 2 s. */
export const MODAL_CLOSE_MS = 1000
export const SUCCESS_MESSAGE_MS = 2000
/** Spec section 2: after 'Blog updated successfully!' the page returns to /blogs after 1.5 s. */
export const BLOG_REDIRECT_MS = 1500
