import { randomUUID } from "node:crypto"
import type { Insertable } from "kysely"
import { type Role, type VendorStatus, vendorRoles } from "../../../src/api/contract/common.ts"
import { json, type Db } from "../database.ts"
import type { UsersTable } from "../users.table.ts"
import { daysBefore, demoPerson } from "./demo-names.ts"

export const DEMO_PASSWORD = "Demo@12345"
export const DEMO_ORGANIZATION = { id: "org-wellness-collective", name: "Wellness Collective" }

export const demoLogins: Array<{ email: string; role: Role; name: string }> = [
  { email: "admin@demo.test", role: "Admin", name: "Asha Admin" },
  { email: "editor@demo.test", role: "Editor", name: "Eshan Editor" },
  { email: "lawyer@demo.test", role: "Lawyer", name: "Leela Lawyer" },
  { email: "counsellor@demo.test", role: "Counsellor", name: "Chetan Counsellor" },
  { email: "nutritionist@demo.test", role: "Nutritionist", name: "Nisha Nutritionist" },
  { email: "yogateacher@demo.test", role: "YogaTeacher", name: "Yash YogaTeacher" },
  { email: "imageconsultant@demo.test", role: "ImageConsultant", name: "Ira ImageConsultant" },
  { email: "user@demo.test", role: "User", name: "Uma User" },
]

const PROFILE_BY_ROLE: Record<string, { qualifications: string; certification: string; authority: string; bio: string; service: string }> = {
  Lawyer: {
    qualifications: "LL.B., LL.M.",
    certification: "Bar Council Enrolment",
    authority: "Bar Council of India",
    bio: "Family and property law practitioner helping clients resolve disputes without court where possible.",
    service: "Consultations on family law, tenancy, consumer complaints and contracts.",
  },
  Counsellor: {
    qualifications: "M.A. Psychology",
    certification: "Licensed Counsellor",
    authority: "Rehabilitation Council of India",
    bio: "Counsellor focused on anxiety, stress and relationships.",
    service: "One-to-one counselling sessions online.",
  },
  Nutritionist: {
    qualifications: "M.Sc. Nutrition",
    certification: "Registered Dietitian",
    authority: "Indian Dietetic Association",
    bio: "Nutritionist who builds realistic meal plans around Indian kitchens.",
    service: "Diet plans, weight management and diabetes-friendly nutrition.",
  },
  YogaTeacher: {
    qualifications: "RYT 500",
    certification: "Yoga Alliance RYT-500",
    authority: "Yoga Alliance",
    bio: "Hatha and restorative yoga teacher for beginners and seniors.",
    service: "Private and small-group yoga classes, breathing practice.",
  },
  ImageConsultant: {
    qualifications: "Diploma in Image Consulting",
    certification: "Certified Image Consultant",
    authority: "Association of Image Consultants International",
    bio: "Image consultant for professionals preparing for interviews and public roles.",
    service: "Wardrobe audits, personal styling and presence coaching.",
  },
}

/** Builds a complete person row; vendors get every profile section filled so Vendor Details has data. */
export function personRow(input: {
  index: number
  role: Role
  status: VendorStatus
  passwordHash: string | null
  now: number
  email?: string
  name?: string
  daysAgo?: number
}): Insertable<UsersTable> {
  const person = demoPerson(input.index)
  const profile = PROFILE_BY_ROLE[input.role]
  const isVendor = profile !== undefined
  return {
    id: randomUUID(),
    name: input.name ?? person.name,
    email: input.email ?? `${person.emailLocal}@example.com`,
    number: person.number,
    role: input.role,
    status: input.status,
    password_hash: input.passwordHash,
    organization_id: DEMO_ORGANIZATION.id,
    organization_name: DEMO_ORGANIZATION.name,
    address: `${(input.index % 90) + 10}, ${["MG Road", "Park Street", "Residency Road", "Linking Road"][input.index % 4]}`,
    city: person.city,
    pin_code: person.pinCode,
    state: person.state,
    language: ["English, Hindi", "English, Tamil", "English, Marathi", "English, Bengali"][input.index % 4]!,
    experience: isVendor ? `${(input.index % 15) + 2} years` : null,
    preferred_contact_method: ["Email", "Phone", "WhatsApp"][input.index % 3]!,
    additional_details: json(
      isVendor
        ? {
            profileImg: null,
            qualifications: profile.qualifications,
            availability: "Mon–Fri, 10:00 AM – 6:00 PM",
            briefBio: profile.bio,
            serviceDescription: profile.service,
          }
        : {},
    ),
    document_details: json(
      isVendor
        ? {
            registrationNumber: `REG-${100000 + input.index}`,
            certificationName: profile.certification,
            issuingAuthority: profile.authority,
            certificationNumber: `CERT-${200000 + input.index * 3}`,
            expirationDate: input.index % 4 === 0 ? null : `${2027 + (input.index % 3)}-0${(input.index % 9) + 1}-15`,
            certificationImg: null,
          }
        : {},
    ),
    account_details: json(
      isVendor
        ? {
            accountHolderName: input.name ?? person.name,
            bankName: ["HDFC Bank", "State Bank of India", "ICICI Bank", "Axis Bank"][input.index % 4],
            ifscCode: `HDFC000${1000 + input.index}`,
            accountNumber: `50100${String(123456789 + input.index * 97).slice(0, 9)}`,
          }
        : {},
    ),
    created_at: daysBefore(input.now, input.daysAgo ?? (input.index % 60) + input.index / 100),
  }
}

/**
 * The eight demo logins plus enough people that every list pages: per vendor role 12 approved,
 * and across roles 12+ under review, temp approved and rejected; 14 approved clients.
 */
export async function seedPeople(db: Db, passwordHash: string, now: number): Promise<void> {
  const rows: Array<Insertable<UsersTable>> = demoLogins.map((login, i) =>
    personRow({ index: i, role: login.role, status: "Approve", passwordHash, now, email: login.email, name: login.name, daysAgo: 90 }),
  )
  let index = 10
  for (const role of vendorRoles) for (let i = 0; i < 12; i++) rows.push(personRow({ index: index++, role, status: "Approve", passwordHash, now }))
  for (const status of ["Under Review", "Temp Approve", "Reject"] as const) {
    for (let i = 0; i < 13; i++) rows.push(personRow({ index: index++, role: vendorRoles[i % vendorRoles.length]!, status, passwordHash, now }))
  }
  for (let i = 0; i < 14; i++) rows.push(personRow({ index: index++, role: "User", status: "Approve", passwordHash, now }))
  await db.insertInto("users").values(rows).execute()
}
