import { Box, Button, Center, Code, Spinner, Stack, Text } from "@chakra-ui/react"
import { useActorRef, useSelector } from "@xstate/react"
import { useEffect } from "react"
import { diagramRenderMachine } from "../../machines/diagram-render.machine.ts"

/**
 * A Mermaid diagram drawn in the browser; the text stays available to screen readers and on failure.
 * With `downloadName`, the drawn SVG can be saved as a file (an auditor keeps it beside the log).
 */
export function MachineDiagram({ source, label, downloadName }: { source: string; label: string; downloadName?: string }) {
  const actor = useActorRef(diagramRenderMachine, { input: { source } })
  const { svg, error } = useSelector(actor, (s) => s.context)
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  useEffect(() => actor.send({ type: "diagram.show", source }), [actor, source])
  const diagram = (
    <Box role="img" aria-label={label} borderWidth="1px" rounded="md" p="3" bg="bg" overflowX="auto">
      {busy ? (
        <Center py="6">
          <Spinner role="status" aria-label="Drawing diagram" />
        </Center>
      ) : svg ? (
        // Mermaid renders with securityLevel 'strict' (its output is sanitised).
        <Box dangerouslySetInnerHTML={{ __html: svg }} data-testid="machine-diagram" />
      ) : (
        <Box>
          <Text color="red.600">{error}</Text>
          <Code whiteSpace="pre" display="block">
            {source}
          </Code>
        </Box>
      )}
    </Box>
  )
  if (!downloadName) return diagram
  return (
    <Stack gap="2">
      {diagram}
      {svg ? (
        <Button asChild variant="outline" size="sm" alignSelf="start" _print={{ display: "none" }}>
          <a href={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} download={downloadName}>
            Download SVG
          </a>
        </Button>
      ) : null}
    </Stack>
  )
}
