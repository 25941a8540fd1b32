import { endpoint } from "../endpoint.ts"
import {
  CertificateAnswer,
  PeopleListAnswer,
  ReviewListParams,
  ReviewListQuery,
  RevealAccountNumberAnswer,
  RevealAccountNumberRequest,
  RoleListParams,
  RoleListQuery,
  StatusHistoryAnswer,
  UpdateUserStatusAnswer,
  UpdateUserStatusRequest,
  VendorDetailsAnswer,
  VendorIdParams,
} from "./vendor.ts"

const admin = ["Admin"] as const

export const roleList = endpoint({
  name: "roleList",
  method: "GET",
  path: "/user/:role",
  params: RoleListParams,
  query: RoleListQuery,
  answer: PeopleListAnswer,
  access: admin,
  summary:
    "Active people (status Approve) of one role, newest first; page, limit (default 100, at most 100), search in name, email or number; organizationId scopes to one organization; only those who joined from `from` and before `to` (either alone)",
})

export const reviewList = endpoint({
  name: "reviewList",
  method: "GET",
  path: "/user/allUsers/:kind",
  params: ReviewListParams,
  query: ReviewListQuery,
  answer: PeopleListAnswer,
  access: admin,
  summary:
    "Vendors Under Review (pending), Temp Approve (temp) or Reject (reject), newest first; page, limit (default 100), search; only those who joined from `from` and before `to` (either alone)",
})

export const updateUserStatus = endpoint({
  name: "updateUserStatus",
  method: "PATCH",
  path: "/user/updateUser",
  body: UpdateUserStatusRequest,
  answer: UpdateUserStatusAnswer,
  access: admin,
  summary:
    "Move a vendor to another approval status; 409 for an illegal transition (out of Approve, same status), 400 for a status outside the list. Records an event, emails the vendor; a rejected vendor's refresh tokens are revoked",
  refusals: { 404: "No vendor has this id in this organization", 409: "The move is not allowed: out of Approve, or to the status the vendor already has" },
})

export const vendorDetails = endpoint({
  name: "vendorDetails",
  method: "GET",
  path: "/user/vendorDetails/:id",
  params: VendorIdParams,
  answer: VendorDetailsAnswer,
  access: admin,
  summary: "One person's full profile as a one-item array (empty array never: an unknown id is 404)",
})

export const statusHistory = endpoint({
  name: "statusHistory",
  method: "GET",
  path: "/user/statusHistory/:id",
  params: VendorIdParams,
  answer: StatusHistoryAnswer,
  access: admin,
  summary: "Every approval status change of a vendor (who, when, from, to), oldest first, from the event log",
})

export const certificate = endpoint({
  name: "certificate",
  method: "GET",
  path: "/user/certificate/:id",
  params: VendorIdParams,
  answer: CertificateAnswer,
  access: "signedIn",
  summary: "A person's Proof of Certification image (private upload) as a data URL; Admin, or the person themself (403 otherwise, 404 when there is none)",
  ownership: "An Admin sees anyone's certificate; anyone else only their own",
})

export const revealAccountNumber = endpoint({
  name: "revealAccountNumber",
  method: "POST",
  path: "/user/vendorDetails/:id/account-number",
  params: VendorIdParams,
  body: RevealAccountNumberRequest,
  answer: RevealAccountNumberAnswer,
  access: admin,
  secretAnswer: true,
  summary:
    "A person's full bank account number, which every other answer masks to its last 4 digits; the reason (5 to 300 characters) is written to the access log with who asked, before the number is given",
  refusals: { 404: "No person has this id, or the person has no account number" },
})

export const vendorEndpoints = [roleList, reviewList, updateUserStatus, vendorDetails, statusHistory, certificate, revealAccountNumber]
