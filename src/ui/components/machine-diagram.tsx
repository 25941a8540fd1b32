import { Box, Center, Code, Spinner, Text } from "@chakra-ui/react"
import { useActorRef, useSelector } from "@xstate/react"
import { useEffect } from "react"
import { diagramRenderMachine } from "../../machines/diagram-render.machine.ts"

/** A Mermaid diagram drawn in the browser; the text stays available to screen readers and on failure. */
export function MachineDiagram({ source, label }: { source: string; label: string }) {
  const actor = useActorRef(diagramRenderMachine, { input: { source } })
  const { svg, error } = useSelector(actor, (s) => s.context)
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  useEffect(() => actor.send({ type: "diagram.show", source }), [actor, source])
  return (
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
}
