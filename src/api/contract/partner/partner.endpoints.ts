import { Schema } from "effect"
import { Id } from "../common.ts"
import { endpoint } from "../endpoint.ts"
import { ImageFile, PartnerSignupAnswer, PartnerSignupRequest, PublicConfigAnswer } from "./partner.ts"

export const publicConfig = endpoint({
  name: "publicConfig",
  method: "GET",
  path: "/config",
  answer: PublicConfigAnswer,
  access: "public",
  summary: "Server settings the console reads before sign-in (the partner sign-up address)",
})

export const partnerSignup = endpoint({
  name: "partnerSignup",
  method: "POST",
  path: "/user/partnerSignup",
  body: PartnerSignupRequest,
  multipart: true,
  files: { certificationImg: { required: true, mediaTypes: ["image/png", "image/jpeg"] } },
  answer: PartnerSignupAnswer,
  access: "public",
  summary: "A partner applies: creates a vendor account Under Review (rate-limited per address)",
  refusals: { 429: "Too many sign-ups from this address" },
})

export const certificationImage = endpoint({
  name: "certificationImage",
  method: "GET",
  path: "/user/certificationImage/:userId",
  params: Schema.Struct({ userId: Id }),
  produces: ["image/png", "image/jpeg"],
  answer: ImageFile,
  access: "signedIn",
  summary: "A vendor's proof of certification image; only the Admin and the vendor themself",
  ownership: "An Admin sees any vendor's image; a vendor only their own",
})

export const partnerEndpoints = [publicConfig, partnerSignup, certificationImage]
