import { createInterface } from "node:readline"

/**
 * Asks for a secret on the terminal without echoing it. When stdin is not a terminal (a pipe),
 * reads its first line instead, so `printf 'pw\n' | npm run create-admin` works too.
 */
export async function askSecret(question: string): Promise<string> {
  const input = process.stdin
  if (!input.isTTY) return readFirstLine()
  // Raw mode first: a key typed before it would be echoed by the terminal.
  input.setRawMode(true)
  process.stderr.write(question)
  input.setEncoding("utf8")
  input.resume()
  let value = ""
  return new Promise((resolve, reject) => {
    const finish = () => {
      input.setRawMode(false)
      input.pause()
      input.off("data", onData)
      process.stderr.write("\n")
    }
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === "\r" || char === "\n" || char === "\u0004") {
          finish()
          return resolve(value)
        }
        if (char === "\u0003") {
          finish()
          return reject(new Error("Cancelled."))
        }
        value = char === "\u007f" || char === "\b" ? value.slice(0, -1) : value + char
      }
    }
    input.on("data", onData)
  })
}

function readFirstLine(): Promise<string> {
  return new Promise((resolve) => {
    const lines = createInterface({ input: process.stdin })
    let first: string | null = null
    lines.once("line", (line) => {
      first = line
      lines.close()
    })
    lines.once("close", () => resolve(first ?? ""))
  })
}
