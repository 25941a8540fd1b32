import { CreateEnquiryAnswer, CreateEnquiryRequest, EnquiryListAnswer, EnquiryQuery } from "./contact.ts"
import { endpoint } from "../endpoint.ts"

export const fetchEnquiry = endpoint({
  name: "fetchEnquiry",
  method: "GET",
  path: "/contact/fetchEnquiry",
  query: EnquiryQuery,
  answer: EnquiryListAnswer,
  access: ["Admin"],
  summary:
    "Contact enquiries, newest first or by `sort` (name, -name, createdAt, -createdAt); page, limit (default 10, at most 100), search in name, email or number; only those sent from `from` and before `to` (either alone)",
})

export const createEnquiry = endpoint({
  name: "createEnquiry",
  method: "POST",
  path: "/contact/create",
  body: CreateEnquiryRequest,
  answer: CreateEnquiryAnswer,
  access: "public",
  summary: "The marketing site's contact form: name, email, number, city, state, optional message; at most 5 per client address in 10 minutes (429)",
  refusals: { 429: "Too many enquiries from this address" },
})

export const contactEndpoints = [fetchEnquiry, createEnquiry]
