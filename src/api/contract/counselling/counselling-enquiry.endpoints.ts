import { MessageAnswer } from "../common.ts"
import { CounsellingEnquiryListAnswer, CounsellingEnquiryListQuery, NewCounsellingEnquiry, SendAccessRequest } from "./counselling-enquiry.ts"
import { endpoint } from "../endpoint.ts"

export const createCounsellingEnquiry = endpoint({
  name: "createCounsellingEnquiry",
  method: "POST",
  path: "/enquiry/create",
  body: NewCounsellingEnquiry,
  answer: MessageAnswer,
  access: "public",
  summary: "The marketing site's 1:1 counselling intake form (rate-limited per client address: 429)",
  refusals: { 429: "Too many enquiries from this address" },
})

export const fetchCounsellingEnquiries = endpoint({
  name: "fetchCounsellingEnquiries",
  method: "GET",
  path: "/enquiry/fetch",
  query: CounsellingEnquiryListQuery,
  answer: CounsellingEnquiryListAnswer,
  access: ["Admin"],
  summary:
    "1:1 counselling enquiries, newest first or by name or date either way (default limit 10); sent access or still waiting only with `access`; only those received from `from` and before `to` (either alone)",
})

export const sendUserLoginAccess = endpoint({
  name: "sendUserLoginAccess",
  method: "POST",
  path: "/user/sendUserLoginAccess",
  body: SendAccessRequest,
  answer: MessageAnswer,
  access: ["Admin"],
  summary: "Create (or reuse) the client's User account from the enquiry, email a set-password link, mark isAccessSend",
  refusals: { 404: "No counselling enquiry has this id", 409: "The email belongs to an account that is not a client" },
})

export const counsellingEnquiryEndpoints = [createCounsellingEnquiry, fetchCounsellingEnquiries, sendUserLoginAccess]
