import { lazy, Suspense, useRef, useState } from "react"
import { Badge, Box, Button, Flex, IconButton, Menu, Portal, Stack, Text } from "@chakra-ui/react"
import { useActorRef, useSelector } from "@xstate/react"
import { navigate } from "wouter/use-browser-location"
import { isDark } from "../../machines/color-mode.machine.ts"
import { canCall } from "../../api/contract/endpoint.ts"
import type { Role } from "../../api/contract/common.ts"
import { routes } from "./routes.ts"
import { sidebarEntries } from "./sidebar-entries.ts"
import { SIGN_OUT_OTHERS_QUESTION, signOutOthersMachine } from "../../machines/account/sign-out-others.machine.ts"
import { authActor, renewSession, selectUser } from "./auth-actor.ts"
import { colorModeActor } from "./color-mode-actor.ts"
import { SidebarDrawer } from "./sidebar.tsx"
import { HeaderSearch } from "./header-search.tsx"
import { NotificationBell } from "./notification-bell.tsx"
import { useMenuFocusReturn } from "../components/menu-focus-return.ts"
import { ConfirmDialog } from "../components/confirm-dialog.tsx"
import { notify } from "../components/toaster.tsx"
import { EmailText } from "../components/email-text.tsx"

// Update Password's form (its machine, fields and inputs) is fetched when the user menu opens and drawn once chosen:
// every signed-in page's shell carried it for the rare visit that changes a password.
const loadPasswordDialog = () => import("../pages/account/update-password-dialog.tsx")
const UpdatePasswordDialog = lazy(() => loadPasswordDialog().then((m) => ({ default: m.UpdatePasswordDialog })))

/** A client's or vendor's own pages: in none of the spec's sidebars, so the user menu leads to them. */
const CLIENT_PAGES = ["/my-listing", "/upcoming-counselling", "/my-plan", "/wallet-history", "/transaction-history"]
/** My Tickets is in every sidebar but the Editor's, who raises tickets too: the menu leads there instead. */
const accountPagesOf = (role: Role) => {
  const paths = [
    ...(role === "Admin" || role === "Editor" ? [] : CLIENT_PAGES),
    ...(sidebarEntries[role].some((e) => e.path === "/my-tickets") ? [] : ["/my-tickets"]),
  ]
  return paths.map((path) => routes.find((r) => r.path === path)!).filter((route) => canCall(route.access, role))
}

export function Header() {
  const user = useSelector(authActor, selectUser)
  const [passwordOpen, setPasswordOpen] = useState(false)
  // Once drawn, the dialog stays mounted (closed), as it was before it had a chunk of its own.
  const [passwordDrawn, setPasswordDrawn] = useState(false)
  const [menuOpen, setMenuOpen] = useState(false)
  // The dialog opens from a menu item that is gone once it closes: focus returns to the menu's button.
  const menuButton = useRef<HTMLButtonElement>(null)
  const returnFocus = useMenuFocusReturn(menuButton)
  const dark = useSelector(colorModeActor, (s) => isDark(s.context))
  const signOutOthers = useActorRef(
    signOutOthersMachine.provide({ actions: { renewSession: (_, session) => renewSession(session), notify: (_, { text, tone }) => notify(text, tone) } }),
  )
  const confirmingSignOut = useSelector(signOutOthers, (s) => !s.matches("idle"))
  const signingOut = useSelector(signOutOthers, (s) => s.hasTag("busy"))
  if (!user) return null
  return (
    <Flex as="header" align="center" gap={{ base: "2", md: "4" }} px={{ base: "3", md: "6" }} py="3" bg="bg" borderBottomWidth="1px">
      <IconButton
        aria-haspopup="dialog"
        data-dialog="menu"
        aria-label="Open menu"
        variant="ghost"
        size="sm"
        display={{ base: "inline-flex", md: "none" }}
        onClick={() => setMenuOpen(true)}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="currentColor">
          <path d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" />
        </svg>
      </IconButton>
      <SidebarDrawer open={menuOpen} onOpenChange={setMenuOpen} />
      <Box flex="1">
        <HeaderSearch />
      </Box>
      <NotificationBell />
      <Menu.Root positioning={{ placement: "bottom-end" }} onExitComplete={returnFocus} onOpenChange={(e) => e.open && void loadPasswordDialog()}>
        <Menu.Trigger asChild>
          <Button ref={menuButton} variant="ghost" size="sm" aria-label={`User menu for ${user.name}`}>
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
                  <EmailText email={user.email} />
                </Text>
              </Stack>
              <Menu.Separator />
              <Menu.Item value="profile" onSelect={() => navigate("/profile")}>
                Profile
              </Menu.Item>
              {accountPagesOf(user.role).map((route) => (
                <Menu.Item key={route.path} value={route.path} onSelect={() => navigate(route.path)}>
                  {route.title}
                </Menu.Item>
              ))}
              <Menu.Item
                value="password"
                aria-haspopup="dialog"
                onSelect={() => {
                  setPasswordDrawn(true)
                  setPasswordOpen(true)
                }}
              >
                Update Password
              </Menu.Item>
              <Menu.Item value="two-factor" onSelect={() => navigate("/two-factor")}>
                Two-factor sign-in
              </Menu.Item>
              <Menu.Item value="notification-settings" onSelect={() => navigate("/notification-settings")}>
                Notification settings
              </Menu.Item>
              {user.role === "Admin" ? (
                <>
                  <Menu.Item value="audit" onSelect={() => navigate("/audit")}>
                    Audit trail
                  </Menu.Item>
                  <Menu.Item value="access-log" onSelect={() => navigate("/access-log")}>
                    Access log
                  </Menu.Item>
                  <Menu.Item value="diagrams" onSelect={() => navigate("/state-diagrams")}>
                    State diagrams
                  </Menu.Item>
                  <Menu.Item value="undelivered-emails" onSelect={() => navigate("/undelivered-emails")}>
                    Undelivered emails
                  </Menu.Item>
                  <Menu.Item value="email-templates" onSelect={() => navigate("/email-templates")}>
                    Email templates
                  </Menu.Item>
                </>
              ) : null}
              <Menu.Item value="color-mode" closeOnSelect={false} onSelect={() => colorModeActor.send({ type: "colorMode.toggle" })}>
                {dark ? "Light mode" : "Dark mode"}
              </Menu.Item>
              <Menu.Item value="sign-out-others" aria-haspopup="dialog" onSelect={() => signOutOthers.send({ type: "signOutOthers.request" })}>
                Sign out of other devices
              </Menu.Item>
              <Menu.Item value="logout" onSelect={() => authActor.send({ type: "auth.logout" })}>
                Logout
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      {passwordDrawn ? (
        <Suspense fallback={null}>
          <UpdatePasswordDialog open={passwordOpen} onClose={() => setPasswordOpen(false)} finalFocus={() => menuButton.current} />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={confirmingSignOut}
        title="Sign out of other devices"
        question={SIGN_OUT_OTHERS_QUESTION}
        confirmLabel="Sign out"
        busyLabel="Signing out..."
        busy={signingOut}
        onConfirm={() => signOutOthers.send({ type: "signOutOthers.confirm" })}
        onCancel={() => signOutOthers.send({ type: "signOutOthers.cancel" })}
      />
    </Flex>
  )
}
