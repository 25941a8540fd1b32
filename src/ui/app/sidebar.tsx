import { Box, Heading, Link, Stack } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import { Link as RouterLink, useLocation } from "wouter"
import { authActor, selectUser } from "./auth-actor.ts"
import { sidebarEntries } from "./sidebar-entries.ts"

export function Sidebar() {
  const user = useSelector(authActor, selectUser)
  const [location] = useLocation()
  if (!user) return null
  return (
    <Box as="nav" aria-label="Main" w="60" flexShrink={0} bg="bg" borderRightWidth="1px" display={{ base: "none", md: "block" }} p="4">
      <Heading size="md" mb="6" px="2">
        Console
      </Heading>
      <Stack as="ul" gap="1" listStyleType="none" data-testid="sidebar">
        {sidebarEntries[user.role].map((entry) => {
          const active = entry.path === "/" ? location === "/" : location.startsWith(entry.path)
          return (
            <li key={entry.path}>
              <Link
                asChild
                display="block"
                px="3"
                py="2"
                rounded="md"
                fontWeight={active ? "semibold" : "normal"}
                bg={active ? "colorPalette.subtle" : undefined}
                colorPalette="teal"
                aria-current={active ? "page" : undefined}
              >
                <RouterLink href={entry.path}>{entry.label}</RouterLink>
              </Link>
            </li>
          )
        })}
      </Stack>
    </Box>
  )
}
