import { MySessions } from "./my-sessions.tsx"

/** The signed-in client's or vendor's upcoming sessions, soonest first. */
export default function UpcomingSessionPage() {
  return <MySessions status="upcoming" />
}
