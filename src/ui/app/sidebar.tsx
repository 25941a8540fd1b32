import { Box, CloseButton, Drawer, Heading, HStack, Link, Portal, Stack, type HeadingProps } from "@chakra-ui/react"
import { HeartHandshake } from "lucide-react"
import { useSelector } from "@xstate/react"
import { Link as RouterLink, useLocation } from "wouter"
import { authActor, selectUser } from "./auth-actor.ts"
import { activeEntry, sidebarEntries } from "./sidebar-entries.ts"
import { sidebarIcons } from "./sidebar-icons.ts"

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
        const Icon = sidebarIcons[entry.path]
        return (
          <li key={entry.path}>
            <Link
              asChild
              display="flex"
              alignItems="center"
              gap="3"
              px="3"
              py="2"
              rounded="md"
              fontWeight={active ? "semibold" : "normal"}
              bg={active ? "colorPalette.subtle" : undefined}
              colorPalette="teal"
              aria-current={active ? "page" : undefined}
              onClick={onNavigate}
            >
              <RouterLink href={entry.path}>
                {Icon ? <Icon size={18} strokeWidth={active ? 2.25 : 1.75} aria-hidden="true" /> : null}
                {entry.label}
              </RouterLink>
            </Link>
          </li>
        )
      })}
    </Stack>
  )
}

/** The console's name with its mark, at the top of the sidebar and the drawer. */
function Brand(props: HeadingProps) {
  return (
    <Heading size="md" mb="6" px="2" {...props}>
      <HStack gap="2">
        <Box as="span" display="inline-flex" p="1.5" rounded="md" bg="teal.solid" color="teal.contrast">
          <HeartHandshake size={18} aria-hidden="true" />
        </Box>
        Console
      </HStack>
    </Heading>
  )
}

/** Fixed at the side from tablet width up. */
export function Sidebar() {
  return (
    <Box as="nav" aria-label="Main" w="60" flexShrink={0} bg="bg" borderRightWidth="1px" display={{ base: "none", md: "block" }} p="4">
      <Brand />
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
              <Drawer.Title asChild>
                <Brand mb="0" />
              </Drawer.Title>
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
