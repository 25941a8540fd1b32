import { MessageAnswer } from "../common.ts"
import {
  AssignablePeopleAnswer,
  AssignablePeopleQuery,
  AssignCounsellorRequest,
  AssignedUsersQuery,
  CounsellingDetailsAnswer,
  CounsellingUsersAnswer,
  CounsellingUsersQuery,
  UnassignedUsersAnswer,
  UserIdParams,
} from "./counselling-user.ts"
import { endpoint } from "../endpoint.ts"

export const fetchUnassignedUsers = endpoint({
  name: "fetchUnassignedUsers",
  method: "GET",
  path: "/user/unassignUser",
  query: CounsellingUsersQuery,
  answer: UnassignedUsersAnswer,
  access: ["Admin"],
  summary: "Clients (role User) with no counsellor yet, newest first or by `sort` (name, -name, createdAt, -createdAt), each with their counselling enquiry",
})

export const fetchAssignablePeople = endpoint({
  name: "fetchAssignablePeople",
  method: "GET",
  path: "/user/getActiveUser/user",
  query: AssignablePeopleQuery,
  answer: AssignablePeopleAnswer,
  access: ["Admin"],
  summary:
    "Approved people of the assignable roles for the 'Assign To' form: the newest `limit` (at most 50) of each role, optionally one role or those whose name or email holds `search`, with each role's total",
})

export const assignOrUpdateCounsellor = endpoint({
  name: "assignOrUpdateCounsellor",
  method: "PATCH",
  path: "/user/assignOrUpdateCounsellor/:userId",
  params: UserIdParams,
  body: AssignCounsellorRequest,
  answer: MessageAnswer,
  access: ["Admin"],
  summary:
    "Assign a client to a counsellor (or change the counsellor); one call per selected client. The counsellor is an approved person of an assignable role, never the client (400 otherwise)",
  refusals: { 404: "No client or counsellor has this id" },
})

export const fetchCounsellingUsers = endpoint({
  name: "fetchCounsellingUsers",
  method: "GET",
  path: "/user/assignUser",
  query: AssignedUsersQuery,
  answer: CounsellingUsersAnswer,
  access: ["Admin"],
  summary:
    "Clients assigned to a counsellor, most recently created first or by `sort` (name, -name, createdAt, -createdAt); only those of one counsellor with `counsellorId`",
})

export const fetchCounsellingDetails = endpoint({
  name: "fetchCounsellingDetails",
  method: "GET",
  path: "/user/get/:userId",
  params: UserIdParams,
  answer: CounsellingDetailsAnswer,
  access: ["Admin"],
  summary: "One client's counselling details: the client and the assigned counsellor",
})

export const counsellingUsersEndpoints = [fetchUnassignedUsers, fetchAssignablePeople, assignOrUpdateCounsellor, fetchCounsellingUsers, fetchCounsellingDetails]
