import type { ReactNode } from "react"
import { Box, Flex } from "@chakra-ui/react"
import { KeptInputPanel } from "../components/kept-input-panel.tsx"
import { SessionExpiryBanner } from "../components/session-expiry-banner.tsx"
import { Toaster } from "../components/toaster.tsx"
import { Header } from "./header.tsx"
import { Sidebar } from "./sidebar.tsx"

export default function Layout({ children }: { children: ReactNode }) {
  return (
    <Flex minH="100vh" bg="bg.subtle">
      <Sidebar />
      <Flex direction="column" flex="1" minW="0">
        <Header />
        <SessionExpiryBanner />
        <KeptInputPanel />
        <Box as="main" id="main" flex="1" p={{ base: "3", md: "6" }} minW="0">
          {children}
        </Box>
        {/* Toasts only appear inside the console; the sign-in screens do not load them. */}
        <Toaster />
      </Flex>
    </Flex>
  )
}
