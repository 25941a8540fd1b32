import { describe, expect, it } from "vitest"
import { vendorRoles } from "../../src/api/contract/common.ts"
import { endpoints } from "../../src/api/contract/endpoints.ts"
import { endpointAccess, sessionsReaders } from "../../src/ui/app/route-access.at-build.ts"

const sorted = (access: unknown) => (Array.isArray(access) ? [...(access as string[])].sort() : access)

describe("the console's route access table, read from the contract", () => {
  it("names each call by its contract name, with the contract's access", () => {
    for (const [name, access] of Object.entries(endpointAccess)) {
      const endpoint = endpoints.find((e) => e.name === name)
      expect(endpoint, `${name} is not in the contract`).toBeDefined()
      expect(sorted(access), name).toEqual(sorted(endpoint!.access))
    }
  })

  it("knows the sessions' readers as the User and every vendor role", () => {
    expect(sorted(sessionsReaders)).toEqual(sorted(["User", ...vendorRoles]))
  })
})
