import type { ReactElement } from "react"
import { peopleListNames, peopleLists, type PeopleListName } from "../../../api/contract/vendors/people-lists.ts"
import { ReviewListPage } from "./review-list-page.tsx"
import { RoleListPage } from "./role-list-page.tsx"

function PeopleListPage({ name }: { name: PeopleListName }) {
  const list = peopleLists[name]
  return list.call === "roleList" ? <RoleListPage name={name} list={list} /> : <ReviewListPage name={name} list={list} />
}

/**
 * Each people list's screen (spec section 2) as its definition says: a role's active people, or the vendors of
 * one review status. One component per list, made once, so a route keeps its screen between renders.
 */
export const peopleListScreens = Object.fromEntries(
  peopleListNames.map((name): [PeopleListName, () => ReactElement] => [name, () => <PeopleListPage name={name} />]),
) as Record<PeopleListName, () => ReactElement>
