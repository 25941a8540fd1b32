import { assign, fromPromise, setup } from "xstate"

let counter = 0

/** Mermaid is large: it is imported only when a diagram is first drawn, in a chunk of its own. */
async function renderMermaid(source: string): Promise<string> {
  const { default: mermaid } = await import("mermaid")
  mermaid.initialize({ startOnLoad: false, securityLevel: "strict", theme: "neutral" })
  const { svg } = await mermaid.render(`diagram-${++counter}`, source)
  return svg
}

export const diagramRenderMachine = setup({
  types: {
    context: {} as { source: string; svg: string | null; error: string | null },
    events: {} as { type: "diagram.show"; source: string },
    input: {} as { source: string },
  },
  actors: { renderDiagram: fromPromise<string, { source: string }>(({ input }) => renderMermaid(input.source)) },
}).createMachine({
  id: "diagramRender",
  context: ({ input }) => ({ source: input.source, svg: null, error: null }),
  initial: "rendering",
  on: {
    "diagram.show": { target: ".rendering", actions: assign({ source: ({ event }) => event.source }) },
  },
  states: {
    rendering: {
      description: "The diagram library is loaded (once) and the diagram drawn.",
      tags: ["busy"],
      invoke: {
        src: "renderDiagram",
        input: ({ context }) => ({ source: context.source }),
        onDone: { target: "shown", actions: assign({ svg: ({ event }) => event.output, error: null }) },
        onError: { target: "failed", actions: assign({ error: "The diagram could not be drawn.", svg: null }) },
      },
    },
    shown: { description: "The drawn diagram is shown." },
    failed: { description: "Drawing failed; the diagram's text is shown instead." },
  },
})
