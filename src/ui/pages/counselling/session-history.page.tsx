import { MySessions } from "./my-sessions.tsx"

/** The signed-in client's or vendor's past sessions, latest first. */
export default function SessionHistoryPage() {
  return <MySessions status="past" />
}
