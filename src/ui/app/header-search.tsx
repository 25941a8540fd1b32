import { useEffect, useRef, type RefObject } from "react"
import { Box, HStack, Input, InputGroup, Kbd, Spinner, Stack, Text } from "@chakra-ui/react"
import { useActorRef, useSelector } from "@xstate/react"
import { navigate } from "wouter/use-browser-location"
import { SEARCH_MAX_LENGTH, type SearchKind } from "../../api/contract/search/search.ts"
import { SEARCH_EMPTY, headerSearchMachine } from "../../machines/search/header-search.machine.ts"

const KIND_LABELS: Record<SearchKind, string> = { person: "Person", session: "Session", ticket: "Ticket", enquiry: "Enquiry", blog: "Blog" }

/** Ctrl K, or ⌘ K on a Mac, as the box's hint shows it. */
const isMac = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform)
const MODIFIER_KEY = isMac ? "⌘" : "Ctrl"

/** Ctrl K and ⌘ K reach the search box from anywhere in the console, as in the command palettes people know. */
function useSearchShortcut(input: RefObject<HTMLInputElement | null>) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key.toLowerCase() !== "k" || !(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey) return
      e.preventDefault()
      input.current?.focus()
      input.current?.select()
    }
    window.addEventListener("keydown", onKey)
    return () => window.removeEventListener("keydown", onKey)
  }, [input])
}
const LIST_ID = "header-search-results"
const optionId = (index: number) => `header-search-option-${index}`

const machine = headerSearchMachine.provide({ actions: { navigate: (_, { to }) => navigate(to) } })

/**
 * The header's search box (beyond the spec, which left it unwired): an ARIA combobox, reached with Ctrl/⌘ K.
 * The Admin finds people, tickets, enquiries and blogs; an Editor blogs and their own tickets; everyone else
 * their own sessions and tickets, as the server's sources decide.
 */
export function HeaderSearch() {
  const input = useRef<HTMLInputElement>(null)
  useSearchShortcut(input)
  const actor = useActorRef(machine)
  const snapshot = useSelector(actor, (s) => s)
  const { query, results, highlighted, error } = snapshot.context
  const open = snapshot.hasTag("open")
  return (
    <Box position="relative" maxW="md">
      <InputGroup
        endElement={
          <HStack gap="1" display={{ base: "none", md: "flex" }} aria-hidden="true">
            <Kbd size="sm">{MODIFIER_KEY}</Kbd>
            <Kbd size="sm">K</Kbd>
          </HStack>
        }
      >
        <Input
          ref={input}
          type="search"
          aria-keyshortcuts="Control+K Meta+K"
          placeholder="Search"
          aria-label="Search"
          maxLength={SEARCH_MAX_LENGTH}
          size="sm"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={LIST_ID}
          aria-activedescendant={open && highlighted >= 0 ? optionId(highlighted) : undefined}
          autoComplete="off"
          value={query}
          onChange={(e) => actor.send({ type: "query.change", value: e.target.value })}
          onBlur={() => actor.send({ type: "results.close" })}
          onKeyDown={(e) => {
            if (e.key === "ArrowDown") actor.send({ type: "highlight.next" })
            else if (e.key === "ArrowUp") actor.send({ type: "highlight.previous" })
            else if (e.key === "Enter") actor.send({ type: "result.choose" })
            else if (e.key === "Escape") actor.send({ type: "results.close" })
            else return
            e.preventDefault()
          }}
        />
      </InputGroup>
      {open ? (
        <Box
          position="absolute"
          top="100%"
          left="0"
          right="0"
          mt="1"
          zIndex="dropdown"
          bg="bg"
          borderWidth="1px"
          rounded="md"
          shadow="lg"
          maxH="80"
          overflowY="auto"
        >
          {snapshot.hasTag("busy") ? (
            <Stack direction="row" align="center" gap="2" p="3">
              <Spinner size="xs" />
              <Text fontSize="sm">Searching…</Text>
            </Stack>
          ) : null}
          {error ? (
            <Text role="alert" color="red.600" fontSize="sm" p="3">
              {error}
            </Text>
          ) : null}
          {snapshot.matches("showing") && results.length === 0 ? (
            <Text fontSize="sm" color="fg.muted" p="3" role="status">
              {SEARCH_EMPTY}
            </Text>
          ) : null}
          <Box as="ul" id={LIST_ID} role="listbox" aria-label="Search results" listStyleType="none" m="0" p="0">
            {results.map((result, index) => (
              <Box
                as="li"
                key={`${result.kind}:${result.id}`}
                id={optionId(index)}
                role="option"
                aria-selected={index === highlighted}
                px="3"
                py="2"
                cursor="pointer"
                bg={index === highlighted ? "teal.subtle" : undefined}
                _hover={{ bg: "bg.muted" }}
                // mousedown, not click: choosing must happen before the input's blur closes the list.
                onMouseDown={(e) => {
                  e.preventDefault()
                  actor.send({ type: "result.choose", index })
                }}
              >
                <Text fontSize="sm" fontWeight="medium">
                  {result.title}
                </Text>
                <Text fontSize="xs" color="fg.muted">
                  {KIND_LABELS[result.kind]} · {result.subtitle}
                </Text>
              </Box>
            ))}
          </Box>
        </Box>
      ) : null}
    </Box>
  )
}
