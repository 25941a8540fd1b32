import { Schema } from "effect"
import { trimmedText } from "../text.ts"
import { CounsellingEnquiry } from "./counselling-enquiry.ts"
import { dayRangeFields, Id, IsoDateTime, isOneOf, PageQuery, Role } from "../common.ts"

/** Who can be chosen in the 'Assign To' form (spec section 6: assignable roles). */
export const assignableRoles = ["Lawyer", "Counsellor", "Nutritionist", "YogaTeacher", "User", "ImageConsultant"] as const
export type AssignableRole = (typeof assignableRoles)[number]

/** The UnAssign Users and Counselling Users lists' orders (issue 26): by name, letter case ignored, or by when they joined; newest first unless told. */
export const counsellingUserSorts = ["name", "-name", "createdAt", "-createdAt"] as const
export type CounsellingUserSort = (typeof counsellingUserSorts)[number]
export const isCounsellingUserSort = isOneOf(counsellingUserSorts)
export const CounsellingUsersQuery = Schema.Struct({
  ...PageQuery.fields,
  sort: Schema.optional(Schema.Literals(counsellingUserSorts)),
  // The clients lists' Joined days (issue 26).
  ...dayRangeFields("clients who joined"),
})
export type CounsellingUsersQuery = typeof CounsellingUsersQuery.Type

/** Counselling Users (GET /user/assignUser): the clients of one counsellor with `counsellorId` (issue 26), in the same orders. */
export const AssignedUsersQuery = Schema.Struct({ ...CounsellingUsersQuery.fields, counsellorId: Schema.optional(Id) })
export type AssignedUsersQuery = typeof AssignedUsersQuery.Type

/** The counsellor a client is assigned to, as lists show it: name and role. */
export const AssignedCounsellor = Schema.Struct({ _id: Id, name: Schema.String, role: Role })
export type AssignedCounsellor = typeof AssignedCounsellor.Type

/** A client in the Unassign Users list, with their 1:1 counselling enquiry for the View modal (null when none). */
export const UnassignedUser = Schema.Struct({
  _id: Id,
  name: Schema.String,
  email: Schema.String,
  number: Schema.NullOr(Schema.String),
  createdAt: IsoDateTime,
  enquiry: Schema.NullOr(CounsellingEnquiry),
})
export type UnassignedUser = typeof UnassignedUser.Type

/** A client in the Counselling Users list; `counsellor` null is shown as 'Unassigned'. */
export const CounsellingUser = Schema.Struct({
  _id: Id,
  name: Schema.String,
  email: Schema.String,
  number: Schema.NullOr(Schema.String),
  createdAt: IsoDateTime,
  counsellor: Schema.NullOr(AssignedCounsellor),
})
export type CounsellingUser = typeof CounsellingUser.Type

/** GET /user/unassignUser and GET /user/assignUser: `success`, `data.data`, `totalRecords`, `totalPages`. */
const PeoplePage = <S extends Schema.Top>(row: S) =>
  Schema.Struct({
    success: Schema.Boolean,
    data: Schema.Struct({ data: Schema.Array(row) }),
    totalRecords: Schema.Number,
    totalPages: Schema.Number,
    currentPage: Schema.Number,
  })
export const UnassignedUsersAnswer = PeoplePage(UnassignedUser)
export type UnassignedUsersAnswer = typeof UnassignedUsersAnswer.Type
export const CounsellingUsersAnswer = PeoplePage(CounsellingUser)
export type CounsellingUsersAnswer = typeof CounsellingUsersAnswer.Type

/** One person the admin can assign (GET /user/getActiveUser/user); the form groups them by role. */
export const AssignablePerson = Schema.Struct({
  _id: Id,
  name: Schema.String,
  email: Schema.String,
  role: Schema.Literals(assignableRoles),
})
export type AssignablePerson = typeof AssignablePerson.Type
export const AssignableRole = Schema.Literals(assignableRoles)

/** The most people of one role one answer lists (also the default): the form shows these and asks for a narrower search. */
export const ASSIGNABLE_PEOPLE_LIMIT = 50
export const ASSIGNABLE_SEARCH_MAX_LENGTH = 100

/**
 * GET /user/getActiveUser/user: without parameters, the newest `limit` people of each assignable role.
 * `role` keeps one role; `search` keeps people whose name or email holds it (any case).
 */
export const AssignablePeopleQuery = Schema.Struct({
  role: Schema.optional(AssignableRole),
  search: Schema.optional(trimmedText({ max: ASSIGNABLE_SEARCH_MAX_LENGTH })),
  limit: Schema.optional(
    Schema.FiniteFromString.check(
      Schema.isInt(),
      Schema.isBetween({ minimum: 1, maximum: ASSIGNABLE_PEOPLE_LIMIT }, { message: `must be from 1 to ${ASSIGNABLE_PEOPLE_LIMIT}` }),
    ),
  ),
})
export type AssignablePeopleQuery = typeof AssignablePeopleQuery.Type

/** How many people of a role match (all approved ones without a search); `capped`: counting stopped, `total` is a lower bound. */
export const AssignableRoleTotal = Schema.Struct({ role: AssignableRole, total: Schema.Number, capped: Schema.optional(Schema.Boolean) })
export type AssignableRoleTotal = typeof AssignableRoleTotal.Type

/**
 * `data`: at most `limit` people per role, newest first. `totals` (one per role asked for) tells
 * the form how many more there are; optional, so an answer of the spec's shape still decodes.
 */
export const AssignablePeopleAnswer = Schema.Struct({
  success: Schema.Boolean,
  data: Schema.Array(AssignablePerson),
  totals: Schema.optional(Schema.Array(AssignableRoleTotal)),
})
export type AssignablePeopleAnswer = typeof AssignablePeopleAnswer.Type

export const AssignCounsellorRequest = Schema.Struct({ counsellorId: Id })

/** GET /user/get/{userId}: counselling details of one client (spec section 3); counsellor fields null when unassigned. */
export const CounsellingDetails = Schema.Struct({
  _id: Id,
  name: Schema.String,
  email: Schema.String,
  role: Role,
  number: Schema.NullOr(Schema.String),
  counsellorId: Schema.NullOr(Id),
  counsellorName: Schema.NullOr(Schema.String),
  counsellorRole: Schema.NullOr(Role),
})
export type CounsellingDetails = typeof CounsellingDetails.Type
export const CounsellingDetailsAnswer = Schema.Struct({ success: Schema.Boolean, data: CounsellingDetails })

export const UserIdParams = Schema.Struct({ userId: Id })
