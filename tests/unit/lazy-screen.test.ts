import { createElement, Suspense } from "react"
import { prerenderToNodeStream } from "react-dom/static"
import { describe, expect, it } from "vitest"
import { lazyPage } from "../../src/ui/app/lazy-screen.ts"

// Waits for every lazy part, as a server render would; React's own error log is not wanted here.
async function renderToText(node: React.ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(node, { onError: () => undefined })
  let html = ""
  for await (const chunk of prelude) html += chunk
  return html
}

describe("lazyPage", () => {
  it("starts the load on preload, and rendering the page reuses that load", async () => {
    let loads = 0
    const Page = lazyPage(async () => {
      loads += 1
      return { default: ({ name }: { name: string }) => createElement("p", null, `page ${name}`) }
    })
    expect(loads).toBe(0)
    await Page.preload()
    await Page.preload()
    expect(loads).toBe(1)
    const html = await renderToText(createElement(Suspense, { fallback: "loading" }, createElement(Page, { name: "one" })))
    expect(html).toContain("<p>page one</p>")
    expect(html).not.toContain("loading")
    expect(loads).toBe(1)
  })

  it("a failed load does not reject the preload; rendering the page reports it", async () => {
    const Page = lazyPage<object>(() => Promise.reject(new Error("chunk missing")))
    await expect(Page.preload()).resolves.toBeUndefined()
    await expect(renderToText(createElement(Page))).rejects.toThrow("chunk missing")
  })
})
