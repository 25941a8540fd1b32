import { createServer, type RequestListener } from "node:http"
import type { AddressInfo } from "node:net"

/** The origins of the servers unit tests have open: the only ones no-network.setup.ts lets a call reach. */
export const testServerOrigins: Set<string> = ((globalThis as { __testServerOrigins?: Set<string> }).__testServerOrigins ??= new Set())

/** An HTTP server on a free local port for the running file; `close` ends it and its reachability. */
export async function startTestServer(listener: RequestListener): Promise<{ baseURL: string; close: () => Promise<void> }> {
  const server = createServer(listener)
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  testServerOrigins.add(baseURL)
  return {
    baseURL,
    close: () => {
      testServerOrigins.delete(baseURL)
      server.closeAllConnections()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
