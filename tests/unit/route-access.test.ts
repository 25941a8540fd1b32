import { describe, expect, it } from "vitest"
import { vendorRoles } from "../../src/api/contract/common.ts"
import { endpoints } from "../../src/api/contract/endpoints.ts"
import { contentLists } from "../../src/api/contract/content/content-lists.ts"
import { counsellingLists } from "../../src/api/contract/counselling/counselling-lists.ts"
import { peopleLists } from "../../src/api/contract/vendors/people-lists.ts"
import { endpointAccess, listRoutes, sessionsReaders } from "../../src/ui/app/route-access.at-build.ts"

const sorted = (access: unknown) => (Array.isArray(access) ? [...(access as string[])].sort() : access)

describe("the console's route access table, read from the contract", () => {
  it("names each call by its contract name, with the contract's access", () => {
    for (const [name, access] of Object.entries(endpointAccess)) {
      const endpoint = endpoints.find((e) => e.name === name)
      expect(endpoint, `${name} is not in the contract`).toBeDefined()
      expect(sorted(access), name).toEqual(sorted(endpoint!.access))
    }
  })

  it("gives each defined list its title and the access of the call that reads it", () => {
    const lists = { ...peopleLists, ...counsellingLists, ...contentLists }
    expect(Object.keys(listRoutes).sort()).toEqual(Object.keys(lists).sort())
    for (const [name, list] of Object.entries(lists)) {
      const route = listRoutes[name as keyof typeof listRoutes]
      expect(route.title, name).toBe(list.title)
      expect(sorted(route.access), name).toEqual(sorted(endpoints.find((e) => e.name === list.call)!.access))
    }
  })

  it("knows the sessions' readers as the User and every vendor role", () => {
    expect(sorted(sessionsReaders)).toEqual(sorted(["User", ...vendorRoles]))
  })
})
