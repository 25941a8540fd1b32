import type { ReactNode } from "react"
import { Box, Flex } from "@chakra-ui/react"
import { Header } from "./header.tsx"
import { Sidebar } from "./sidebar.tsx"

export function Layout({ children }: { children: ReactNode }) {
  return (
    <Flex minH="100vh" bg="bg.subtle">
      <Sidebar />
      <Flex direction="column" flex="1" minW="0">
        <Header />
        <Box as="main" id="main" flex="1" p={{ base: "3", md: "6" }} minW="0">
          {children}
        </Box>
      </Flex>
    </Flex>
  )
}
