import type { ReactNode } from "react"
import { Box, Flex, Link } from "@chakra-ui/react"
import { PageTitle } from "../components/page-title.ts"
import { KeptInputPanel } from "../components/kept-input-panel.tsx"
import { SessionExpiryBanner } from "../components/session-expiry-banner.tsx"
import { Toaster } from "../components/toaster.tsx"
import { Header } from "./header.tsx"
import { Sidebar } from "./sidebar.tsx"
import { ViewerZoneGate } from "./viewer-zone-gate.tsx"

/** Every signed-in page: the sidebar, the header and the page, which learns its title (`PageTitle`). */
export default function Layout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Flex minH="100vh" bg="bg.subtle">
      {/* The first stop of Tab: past the sidebar and header (16 stops for an Admin) to the screen itself. */}
      <Link
        href="#main"
        position="fixed"
        top="2"
        left="2"
        zIndex="skipNav"
        bg="bg"
        color="fg"
        px="4"
        py="2"
        rounded="md"
        shadow="md"
        transform="translateY(-300%)"
        _focusVisible={{ transform: "translateY(0)" }}
      >
        Skip to main content
      </Link>
      {/* A printed page (a state diagram, a history) holds the screen alone. */}
      <Box display="contents" _print={{ display: "none" }}>
        <Sidebar />
      </Box>
      <Flex direction="column" flex="1" minW="0">
        <Box display="contents" _print={{ display: "none" }}>
          <Header />
        </Box>
        <SessionExpiryBanner />
        <KeptInputPanel />
        <Box as="main" id="main" tabIndex={-1} outline="none" flex="1" p={{ base: "3", md: "6" }} minW="0">
          <PageTitle.Provider value={title}>
            <ViewerZoneGate>{children}</ViewerZoneGate>
          </PageTitle.Provider>
        </Box>
        {/* Toasts only appear inside the console; the sign-in screens do not load them. */}
        <Toaster />
      </Flex>
    </Flex>
  )
}
