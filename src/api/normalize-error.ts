/**
 * Turns whatever a server sent back on failure into one sentence (spec section 8):
 * - a JSON body with a message: that message;
 * - an HTML error page: the first line inside its <pre> block, 'Error:' prefix removed,
 *   else 'An unknown error occurred.';
 * - plain text: the text, 'Error:' prefix removed;
 * - anything else: 'An error occurred.'
 */
export function normalizeServerError(body: unknown): string {
  if (body && typeof body === "object" && "message" in body && typeof body.message === "string" && body.message.trim()) {
    return body.message
  }
  if (typeof body !== "string" || !body.trim()) return "An error occurred."
  if (/<html|<!doctype html|<pre/i.test(body)) {
    const pre = /<pre[^>]*>([\s\S]*?)<\/pre>/i.exec(body)
    const firstLine = pre?.[1]
      ?.split(/<br\s*\/?>|\n/i)
      .map((line) => decodeEntities(line.replace(/<[^>]+>/g, "")).trim())
      .find(Boolean)
    return firstLine ? stripErrorPrefix(firstLine) : "An unknown error occurred."
  }
  return stripErrorPrefix(body.trim())
}

const stripErrorPrefix = (text: string) => text.replace(/^Error:\s*/, "")

function decodeEntities(text: string): string {
  return text
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
}
