import type { ReactNode } from "react"
import { Link, Text } from "@chakra-ui/react"
import type { CounsellingSession } from "../../../api/contract/counselling/counselling-session.ts"
import { DetailGrid } from "../../components/detail-grid.tsx"
import { DetailsDialog } from "../../components/details-dialog.tsx"
import { formatDateTime, withUnit } from "../../components/format.ts"
import { EmailText } from "../../components/email-text.tsx"
import { SessionHistory, SessionLifeSummary } from "./session-life-panel.tsx"
import type { SessionSteps } from "./use-session-steps.tsx"

const MeetingLink = ({ href, label }: { href: string | null; label: string }) =>
  href ? (
    <Link href={href} target="_blank" rel="noopener noreferrer" colorPalette="teal" aria-label={`${label}: ${href}`} wordBreak="break-all">
      {href}
    </Link>
  ) : null

/**
 * The session view modal: name, email, number, topic, agenda, date and time (viewer's zone),
 * counsellor, note, join link, start link, booking age. Clients see only the join link. With `steps`,
 * also its state, the viewer's lifecycle steps (a step closes this modal and opens its own) and its history.
 */
export function SessionDetailsDialog(props: {
  open: boolean
  session: CounsellingSession | null
  onClose: () => void
  title?: string
  showStartLink?: boolean
  steps?: SessionSteps
}) {
  const s = props.session
  return (
    <DetailsDialog open={props.open} title={props.title ?? "Session Details"} onClose={props.onClose}>
      {s && props.steps ? (
        <SessionLifeSummary
          session={s}
          steps={props.steps}
          onStep={(step) => {
            props.onClose()
            props.steps!.start(step, s)
          }}
        />
      ) : null}
      {s ? (
        <DetailGrid
          testId="session-details"
          items={[
            ["Name", s.name],
            ["Email", <EmailText key="email" email={s.email} />],
            ["Number", s.number],
            ["Topic", s.topic],
            ["Agenda", s.agenda],
            ["Date | Time", `${formatDateTime(s.dateTime)} (${s.duration} minutes)`],
            ["Counsellor", `${s.counsellor.name} (${s.counsellor.role})`],
            ["Status", s.status === "upcoming" ? "Upcoming" : "Past"],
            ["Note", s.note],
            ["Join Link", <MeetingLink key="join" href={s.joinLink} label="Join link" />],
            ...(props.showStartLink === false
              ? []
              : [["Start Link", <MeetingLink key="start" href={s.startLink} label="Start link" />] as [string, ReactNode]]),
            ["Booking Age", s.bookingAge === null ? null : withUnit(s.bookingAge, "year")],
          ]}
        />
      ) : (
        <Text color="fg.muted">No session selected.</Text>
      )}
      {s && props.steps ? <SessionHistory sessionId={s._id} /> : null}
    </DetailsDialog>
  )
}
