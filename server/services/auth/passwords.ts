import { hash, verify } from "@node-rs/argon2"

// argon2id (the library's default algorithm) with OWASP's minimum memory cost.
const options = { memoryCost: 19456, timeCost: 2, parallelism: 1 }

export const hashPassword = (password: string): Promise<string> => hash(password, options)

let dummyHash: Promise<string> | undefined

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  // Verify against a real throwaway hash when there is none, so unknown accounts take as long as known ones.
  dummyHash ??= hashPassword("no account has this password")
  const ok = await verify(stored ?? (await dummyHash), password).catch(() => false)
  return ok && stored !== null
}
