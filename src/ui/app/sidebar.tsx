import { Box, CloseButton, Drawer, Heading, Link, Portal, Stack } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import { Link as RouterLink, useLocation } from "wouter"
import { authActor, selectUser } from "./auth-actor.ts"
import { activeEntry, sidebarEntries } from "./sidebar-entries.ts"

/** The role's sidebar entries; `onNavigate` closes the mobile drawer after a choice. */
function SidebarLinks({ onNavigate }: { onNavigate?: () => void }) {
  const user = useSelector(authActor, selectUser)
  const [location] = useLocation()
  if (!user) return null
  const entries = sidebarEntries[user.role]
  const current = activeEntry(entries, location)
  return (
    <Stack as="ul" gap="1" listStyleType="none" data-testid="sidebar">
      {entries.map((entry) => {
        const active = entry.path === current
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
              onClick={onNavigate}
            >
              <RouterLink href={entry.path}>{entry.label}</RouterLink>
            </Link>
          </li>
        )
      })}
    </Stack>
  )
}

/** Fixed at the side from tablet width up. */
export function Sidebar() {
  return (
    <Box as="nav" aria-label="Main" w="60" flexShrink={0} bg="bg" borderRightWidth="1px" display={{ base: "none", md: "block" }} p="4">
      <Heading size="md" mb="6" px="2">
        Console
      </Heading>
      <SidebarLinks />
    </Box>
  )
}

/** On phones the same entries live in a drawer opened from the header. */
export function SidebarDrawer({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Drawer.Root open={open} onOpenChange={(e) => onOpenChange(e.open)} placement="start">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content maxW="72">
            <Drawer.Header>
              <Drawer.Title>Console</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Box as="nav" aria-label="Main">
                <SidebarLinks onNavigate={() => onOpenChange(false)} />
              </Box>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close menu" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  )
}
