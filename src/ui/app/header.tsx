import { useState } from "react"
import { Badge, Box, Button, Flex, Menu, Portal, Stack, Text } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import { navigate } from "wouter/use-browser-location"
import { authActor, selectUser } from "./auth-actor.ts"
import { HeaderSearch } from "./header-search.tsx"
import { UpdatePasswordDialog } from "../components/update-password-dialog.tsx"

export function Header() {
  const user = useSelector(authActor, selectUser)
  const [passwordOpen, setPasswordOpen] = useState(false)
  if (!user) return null
  return (
    <Flex as="header" align="center" gap="4" px={{ base: "3", md: "6" }} py="3" bg="bg" borderBottomWidth="1px">
      <Box flex="1">
        <HeaderSearch />
      </Box>
      <Menu.Root positioning={{ placement: "bottom-end" }}>
        <Menu.Trigger asChild>
          <Button variant="ghost" size="sm" aria-label={`User menu for ${user.name}`}>
            {user.name}
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="60">
              <Stack px="3" py="2" gap="0.5">
                <Badge alignSelf="start" colorPalette="teal" data-testid="user-role">
                  {user.role}
                </Badge>
                <Text fontWeight="semibold">{user.name}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {user.email}
                </Text>
              </Stack>
              <Menu.Separator />
              <Menu.Item value="profile" onSelect={() => navigate("/profile")}>
                Profile
              </Menu.Item>
              <Menu.Item value="password" onSelect={() => setPasswordOpen(true)}>
                Update Password
              </Menu.Item>
              <Menu.Item value="logout" onSelect={() => authActor.send({ type: "auth.logout" })}>
                Logout
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      <UpdatePasswordDialog open={passwordOpen} onClose={() => setPasswordOpen(false)} />
    </Flex>
  )
}
