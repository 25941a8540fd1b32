import { useState, type ReactNode } from "react"
import { Button, HStack, SimpleGrid, Text } from "@chakra-ui/react"
import { useActorRef, useSelector } from "@xstate/react"
import type { CounsellingSession } from "../../../api/contract/counselling/counselling-session.ts"
import type { SessionParty } from "../../../machines/counselling/counselling-session.machine.ts"
import { publicConfigMachine } from "../../../machines/partner/public-config.machine.ts"
import { fromSessionDateTime, todayInput } from "../../../machines/counselling/session-form.ts"
import {
  cancelFields,
  cancelFormMachine,
  cancelWouldBeLate,
  completeSessionMachine,
  noShowSessionMachine,
  offeredSteps,
  rescheduleFields,
  rescheduleFormMachine,
  type SessionStep,
} from "../../../machines/counselling/session-steps.machine.ts"
import { freeSlotsMachine, isFreeTime } from "../../../machines/counselling/free-slots.machine.ts"
import { ConfirmDialog } from "../../components/confirm-dialog.tsx"
import { FreeSlots } from "./free-slots.tsx"
import { FormDialog } from "../../components/form/form-dialog.tsx"
import { FormField } from "../../components/form/form-field.tsx"
import { formatDateTime, viewerZone } from "../../components/format.ts"
import { notify } from "../../components/toaster.tsx"

export interface SessionSteps {
  /** The steps this viewer may take on the session at `now` (the session machine decides). */
  offered: (session: CounsellingSession, now: number) => SessionStep[]
  /** Opens the step's form or confirmation. */
  start: (step: SessionStep, session: CounsellingSession) => void
  /** The step dialogs, to render once on the page. */
  dialogs: ReactNode
}

/**
 * The lifecycle steps for one viewer (Admin, counsellor or client): the forms and confirmations of
 * Reschedule, Ask for a new time, Cancel, Mark no-show and Mark completed, each a machine; `onChanged`
 * runs after a step succeeded (the page reloads its list).
 */
export function useSessionSteps(by: SessionParty, onChanged: () => void): SessionSteps {
  const noticeHours = useSelector(useActorRef(publicConfigMachine), (s) => s.context.sessionNoticeHours)
  const reschedule = useActorRef(rescheduleFormMachine.provide({ actions: { submitted: onChanged } }))
  const cancel = useActorRef(cancelFormMachine.provide({ actions: { submitted: onChanged } }))
  const toast = (_: unknown, params: { text: string; tone: "success" | "error" }) => notify(params.text, params.tone)
  const complete = useActorRef(completeSessionMachine.provide({ actions: { notify: toast, done: onChanged } }))
  const noShow = useActorRef(noShowSessionMachine.provide({ actions: { notify: toast, done: onChanged } }))
  // Whether the cancellation being written would be late, judged when its form opened.
  const [cancelLate, setCancelLate] = useState(false)

  const start = (step: SessionStep, session: CounsellingSession) => {
    if (step === "reschedule" || step === "requestReschedule") reschedule.send({ type: "form.open", item: session, extra: { by, session } })
    if (step === "cancel") {
      setCancelLate(cancelWouldBeLate(session, Date.now(), noticeHours))
      cancel.send({ type: "form.open", item: session, extra: { by, session } })
    }
    if (step === "complete") complete.send({ type: "action.request", target: session })
    if (step === "noShow") noShow.send({ type: "action.request", target: session })
  }

  const dialogs = (
    <>
      <RescheduleDialog actor={reschedule} asking={by === "client"} admin={by === "admin"} />
      <CancelDialog actor={cancel} late={cancelLate} noticeHours={noticeHours} />
      <OutcomeConfirm
        actor={complete}
        title="Mark completed"
        question={(s) => `Record the session '${s.topic}' of ${formatDateTime(s.dateTime)} as completed?`}
        confirmLabel="Mark completed"
      />
      <OutcomeConfirm
        actor={noShow}
        title="Mark no-show"
        question={(s) => `Record that ${s.name} did not join the session '${s.topic}' of ${formatDateTime(s.dateTime)}?`}
        confirmLabel="Mark no-show"
      />
    </>
  )
  return { offered: (session, now) => offeredSteps(session, by, now, noticeHours), start, dialogs }
}

function RescheduleDialog({ actor, asking, admin }: { actor: ReturnType<typeof useActorRef<typeof rescheduleFormMachine>>; asking: boolean; admin: boolean }) {
  // The session being moved, for the Admin's free times (its own time counts as free for it).
  const session = useSelector(actor, (s) => s.context.extra.session)
  const free = useActorRef(freeSlotsMachine, { input: { vendorId: "", date: "", clientId: null, exceptSessionId: null } })
  const freeReady = useSelector(free, (s) => s.matches("ready"))
  const freeSlots = useSelector(free, (s) => s.context.slots)
  return (
    <FormDialog
      actor={actor}
      title={asking ? "Ask for a new time" : "Reschedule session"}
      submitLabel={asking ? "Send request" : "Reschedule"}
      busyLabel={asking ? "Sending..." : "Rescheduling..."}
      {...(admin
        ? {
            confirmSubmit: {
              needed: (context: { values: Record<string, string> }) =>
                freeReady && !isFreeTime(freeSlots, context.values["date"] ?? "", context.values["time"] ?? ""),
              title: "Outside the counsellor's free times",
              question: "This time is not one of the counsellor's free times (outside their hours, or taken). Move the session there anyway?",
              confirmLabel: "Move anyway",
            },
          }
        : {})}
    >
      {({ formId, context, disabled, send }) => (
        <>
          <Text fontSize="sm" color="fg.muted">
            {asking
              ? "Your counsellor is asked to move the session; it stays as it is until they do."
              : "Both people get the new time by email with an updated calendar invitation."}
          </Text>
          {!asking && session?.rescheduleWish ? (
            <HStack gap="3" wrap="wrap" data-testid="asked-time">
              <Text fontSize="sm">
                The client asked for {formatDateTime(session.rescheduleWish.dateTime)} ({session.rescheduleWish.reason}).
              </Text>
              <Button
                size="xs"
                variant="outline"
                disabled={disabled}
                onClick={() => {
                  const asked = fromSessionDateTime(session.rescheduleWish!.dateTime)
                  send({ type: "field.change", field: "date", value: asked.date })
                  send({ type: "field.change", field: "time", value: asked.time })
                  if ((context.values["reason"] ?? "").trim() === "")
                    send({ type: "field.change", field: "reason", value: "Moved to the time the client asked for" })
                }}
              >
                Use the asked time
              </Button>
            </HStack>
          ) : null}
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            {(["date", "time"] as const).map((name) => (
              <FormField
                key={name}
                formId={formId}
                spec={rescheduleFields.find((f) => f.name === name)!}
                value={context.values[name] ?? ""}
                error={context.errors[name]}
                disabled={disabled}
                inputProps={name === "date" ? { min: todayInput() } : undefined}
                onChange={(value) => send({ type: "field.change", field: name, value })}
              />
            ))}
          </SimpleGrid>
          <Text fontSize="xs" color="fg.muted">
            Date and time are in your time zone ({viewerZone()}).
          </Text>
          {admin && session && /^\d{4}-\d{2}-\d{2}$/.test(context.values["date"] ?? "") ? (
            <FreeSlots
              actor={free}
              vendorId={session.counsellorId}
              date={context.values["date"] ?? ""}
              clientId={session.userId}
              exceptSessionId={session._id}
              chosen={context.values["time"] ?? ""}
              onPick={(time) => send({ type: "field.change", field: "time", value: time })}
            />
          ) : null}
          <FormField
            formId={formId}
            spec={rescheduleFields.find((f) => f.name === "reason")!}
            value={context.values["reason"] ?? ""}
            error={context.errors["reason"]}
            disabled={disabled}
            onChange={(value) => send({ type: "field.change", field: "reason", value })}
          />
        </>
      )}
    </FormDialog>
  )
}

function CancelDialog({ actor, late, noticeHours }: { actor: ReturnType<typeof useActorRef<typeof cancelFormMachine>>; late: boolean; noticeHours: number }) {
  return (
    <FormDialog actor={actor} title="Cancel session" submitLabel="Cancel session" busyLabel="Cancelling...">
      {({ formId, context, disabled, send }) => (
        <>
          <Text fontSize="sm" color={late ? "orange.fg" : "fg.muted"} role={late ? "note" : undefined}>
            {late
              ? `The session starts within ${noticeHours} hours: this cancellation will be recorded as late.`
              : "Both people are told by email, and the event is removed from their calendars."}
          </Text>
          <FormField
            formId={formId}
            spec={cancelFields[0]!}
            value={context.values["reason"] ?? ""}
            error={context.errors["reason"]}
            disabled={disabled}
            onChange={(value) => send({ type: "field.change", field: "reason", value })}
          />
        </>
      )}
    </FormDialog>
  )
}

function OutcomeConfirm(props: {
  actor: ReturnType<typeof useActorRef<typeof completeSessionMachine>>
  title: string
  question: (session: CounsellingSession) => string
  confirmLabel: string
}) {
  const target = useSelector(props.actor, (s) => s.context.target)
  const confirming = useSelector(props.actor, (s) => s.matches("confirming") || s.matches("running"))
  const busy = useSelector(props.actor, (s) => s.hasTag("busy"))
  return (
    <ConfirmDialog
      open={confirming}
      title={props.title}
      question={target ? props.question(target) : ""}
      confirmLabel={props.confirmLabel}
      busyLabel="Saving..."
      busy={busy}
      onConfirm={() => props.actor.send({ type: "action.confirm" })}
      onCancel={() => props.actor.send({ type: "action.cancel" })}
    />
  )
}
