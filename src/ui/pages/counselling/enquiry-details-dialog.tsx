import { Text } from "@chakra-ui/react"
import type { CounsellingEnquiry } from "../../../api/contract/counselling/counselling-enquiry.ts"
import { DetailGrid } from "../../components/detail-grid.tsx"
import { DetailsDialog } from "../../components/details-dialog.tsx"
import { formatDateTime } from "../../components/format.ts"
import { useSelector } from "@xstate/react"
import { authActor, selectUser } from "../../app/auth-actor.ts"
import { FoldedRecordHistory } from "../../components/record-history.tsx"
import { enquiryAccessStateId } from "../../../machines/counselling/enquiry-access.machine.ts"

/** The View modal of a 1:1 counselling enquiry: every field, including age and the other answers. */
export function EnquiryDetailsDialog(props: { open: boolean; enquiry: CounsellingEnquiry | null; onClose: () => void }) {
  const e = props.enquiry
  const isAdmin = useSelector(authActor, (s) => selectUser(s)?.role === "Admin")
  return (
    <DetailsDialog open={props.open} title="Counselling Enquiry" onClose={props.onClose}>
      {e ? (
        <DetailGrid
          testId="enquiry-details"
          items={[
            ["Name", e.name],
            ["Email", e.email],
            ["Number", e.number],
            ["Age", e.age === null ? null : String(e.age)],
            ["Question 1", e.question1],
            ["Other (Question 1)", e.otherQuestion1],
            ["Question 2", e.question2],
            ["Other (Question 2)", e.otherQuestion2],
            ["Preferred Date | Time", e.dateTime ? formatDateTime(e.dateTime) : null],
            ["Received", formatDateTime(e.createdAt)],
            ["Access", e.isAccessSend ? "Sent" : "Not sent"],
          ]}
        />
      ) : (
        <Text color="fg.muted">No counselling enquiry found for this user.</Text>
      )}
      {e && isAdmin ? (
        <FoldedRecordHistory
          entityType="counsellingEnquiry"
          entityId={e._id}
          workflow={{ id: "enquiry-access", stateId: enquiryAccessStateId(e.isAccessSend) }}
        />
      ) : null}
    </DetailsDialog>
  )
}
