import { publicConfig } from "../../api/contract/partner/partner.endpoints.ts"
import type { MachineEntry } from "../machine-entry.ts"
import { partnerSignupMachine } from "./partner-signup.machine.ts"
import { publicConfigMachine } from "./public-config.machine.ts"

/**
 * Partner sign-up's machines as the diagrams show them. The public configuration is read on the sign-in screen,
 * in the first load of /login (held within 1.10 x a bare app), so its entry names its call rather than the machine
 * taking fromCall with it.
 */
export const partnerEntries: MachineEntry[] = [
  {
    id: "partner-signup",
    title: "Partner sign-up",
    summary: "The public partner registration form; the account starts Under Review.",
    machine: partnerSignupMachine,
  },
  {
    id: "public-config",
    title: "Public configuration",
    summary: "Reads where 'Sign up here' leads (PARTNER_SIGNUP_URL) from the server.",
    machine: publicConfigMachine,
    firedBy: { "loadConfig done": publicConfig, "loadConfig error": publicConfig },
  },
]
