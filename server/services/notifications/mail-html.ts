const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;")

const LINK = /https?:\/\/[^\s<>"]+/g

/**
 * The HTML part of a mail, from its plain text: one paragraph per blank-line block, line breaks kept,
 * every address a link. Mail clients that show HTML then show the same words as those that do not.
 */
export function htmlOf(subject: string, text: string): string {
  const paragraphs = text
    .trim()
    .split(/\n{2,}/)
    .map((block) =>
      block
        .split("\n")
        .map((line) => {
          let html = ""
          let last = 0
          for (const match of line.matchAll(LINK)) {
            html += escape(line.slice(last, match.index)) + `<a href="${escape(match[0])}">${escape(match[0])}</a>`
            last = match.index + match[0].length
          }
          return html + escape(line.slice(last))
        })
        .join("<br>\n"),
    )
    .map((block) => `<p style="margin:0 0 16px">${block}</p>`)
    .join("\n")
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(subject)}</title></head>
<body style="font-family:system-ui,-apple-system,'Segoe UI',sans-serif;font-size:15px;line-height:1.5;color:#1a202c">
${paragraphs}
</body></html>
`
}
