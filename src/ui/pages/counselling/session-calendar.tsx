import { useEffect, useRef, useState } from "react"
import { viewerZone } from "../../components/format.ts"
import { todayOnViewerClock, wallClock } from "../../../machines/account/viewer-zone.ts"
import dayjs from "dayjs"
import { Box, Button, Grid, HStack, Spinner, Stack, Text } from "@chakra-ui/react"
import { useActorRef, useSelector } from "@xstate/react"
import { sessionStateLabels, type CounsellingSession } from "../../../api/contract/counselling/counselling-session.ts"
import type { CalendarScope } from "../../../api/counselling/counselling-sessions.api.ts"
import { rangeOf, sessionCalendarMachine, type CalendarView } from "../../../machines/counselling/session-calendar.machine.ts"
import { SessionDetailsDialog } from "./session-details-dialog.tsx"
import type { SessionSteps } from "./use-session-steps.tsx"

const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

/** A session's colour: its state, and for one still booked, whether it is to come or has passed. */
function paletteOf(s: CounsellingSession): string {
  if (s.state === "cancelled") return "red"
  if (s.state === "completed") return "green"
  if (s.state === "noShow") return "orange"
  if (s.status === "past") return "gray"
  return s.state === "rescheduled" ? "purple" : "blue"
}

const LEGEND: Array<[string, string]> = [
  ["blue", "Scheduled"],
  ["purple", "Rescheduled"],
  ["gray", "Past, no outcome yet"],
  ["green", "Completed"],
  ["orange", "No-show"],
  ["red", "Cancelled"],
]

function titleOf(view: CalendarView, start: string, end: string, anchor: string): string {
  if (view === "month") return dayjs(anchor).format("MMMM YYYY")
  const last = dayjs(end).subtract(1, "day")
  return `${dayjs(start).format("DD MMM")} – ${last.format("DD MMM YYYY")}`
}

function SessionChip({ session, onOpen, withClient }: { session: CounsellingSession; onOpen: () => void; withClient: boolean }) {
  const palette = paletteOf(session)
  const who = withClient ? session.name : session.counsellorName
  return (
    <Button
      size="2xs"
      variant="subtle"
      colorPalette={palette}
      justifyContent="flex-start"
      w="full"
      h="auto"
      py="1"
      whiteSpace="normal"
      textAlign="start"
      textDecoration={session.state === "cancelled" ? "line-through" : undefined}
      aria-haspopup="dialog"
      aria-label={`View session ${session.topic}, ${wallClock(session.dateTime).format("hh:mm A")}, ${sessionStateLabels[session.state]}`}
      data-testid="calendar-session"
      onClick={onOpen}
    >
      <Text as="span" fontWeight="semibold">
        {wallClock(session.dateTime).format("hh:mm A")}
      </Text>{" "}
      {who} · {session.topic}
    </Button>
  )
}

/**
 * Sessions on a calendar, a week or a month of the viewer's zone, beside the spec's tables: each on its
 * day, coloured by its state; a click opens its details with the viewer's steps.
 */
export function SessionCalendar(props: {
  scope: CalendarScope
  steps: SessionSteps
  withClient: boolean
  showStartLink?: boolean
  /** Changes when a session changed on this page: the range is read again. */
  changes: number
}) {
  const [today] = useState(() => todayOnViewerClock())
  const actor = useActorRef(sessionCalendarMachine, { input: { scope: props.scope, today } })
  const seen = useRef(props.changes)
  useEffect(() => {
    if (seen.current === props.changes) return
    seen.current = props.changes
    actor.send({ type: "calendar.reload" })
  }, [actor, props.changes])
  const view = useSelector(actor, (s) => s.context.view)
  const anchor = useSelector(actor, (s) => s.context.anchor)
  const sessions = useSelector(actor, (s) => s.context.sessions)
  const total = useSelector(actor, (s) => s.context.total)
  const error = useSelector(actor, (s) => s.context.error)
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  const [viewing, setViewing] = useState<CounsellingSession | null>(null)
  const range = rangeOf(view, anchor)
  const days: string[] = []
  for (let d = dayjs(range.start); d.isBefore(dayjs(range.end)); d = d.add(1, "day")) days.push(d.format("YYYY-MM-DD"))
  const byDay = new Map<string, CounsellingSession[]>()
  for (const s of sessions) {
    const day = wallClock(s.dateTime).format("YYYY-MM-DD")
    byDay.set(day, [...(byDay.get(day) ?? []), s])
  }
  const month = dayjs(anchor).month()

  return (
    <Stack gap="3" data-testid="session-calendar">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <HStack gap="1" role="group" aria-label="Calendar view">
          {(["week", "month"] as const).map((v) => (
            <Button
              key={v}
              size="sm"
              variant={view === v ? "solid" : "outline"}
              colorPalette="teal"
              aria-pressed={view === v}
              onClick={() => actor.send({ type: "view.set", view: v })}
            >
              {v === "week" ? "Week" : "Month"}
            </Button>
          ))}
        </HStack>
        <Text fontWeight="semibold" aria-live="polite" data-testid="calendar-title">
          {titleOf(view, range.start, range.end, anchor)}
        </Text>
        <HStack gap="1">
          <Button
            size="sm"
            variant="outline"
            onClick={() => actor.send({ type: "range.previous" })}
            aria-label={view === "week" ? "Previous week" : "Previous month"}
          >
            ‹
          </Button>
          <Button size="sm" variant="outline" onClick={() => actor.send({ type: "range.today", today })}>
            Today
          </Button>
          <Button size="sm" variant="outline" onClick={() => actor.send({ type: "range.next" })} aria-label={view === "week" ? "Next week" : "Next month"}>
            ›
          </Button>
        </HStack>
      </HStack>
      <Text fontSize="xs" color="fg.muted">
        Times are in your time zone ({viewerZone()}).
        {total > sessions.length ? ` Showing the first ${sessions.length} of ${total} sessions in this range.` : ""}
      </Text>
      {error ? (
        <HStack>
          <Text role="alert" color="red.600">
            {error}
          </Text>
          <Button size="xs" variant="outline" onClick={() => actor.send({ type: "calendar.reload" })}>
            Try again
          </Button>
        </HStack>
      ) : null}
      <Box overflowX="auto" position="relative" aria-busy={busy} opacity={busy ? 0.6 : 1}>
        {busy ? (
          <HStack position="absolute" top="2" right="2" role="status">
            <Spinner size="xs" />
            <Text fontSize="xs">Loading sessions...</Text>
          </HStack>
        ) : null}
        <Grid
          templateColumns="repeat(7, minmax(7.5rem, 1fr))"
          gap="1"
          minW="52rem"
          role="grid"
          aria-label={`Sessions, ${titleOf(view, range.start, range.end, anchor)}`}
        >
          {WEEKDAYS.map((w) => (
            <Text key={w} role="columnheader" fontSize="xs" fontWeight="semibold" color="fg.muted" px="1">
              {w}
            </Text>
          ))}
          {days.map((day) => {
            const d = dayjs(day)
            const outside = view === "month" && d.month() !== month
            const list = byDay.get(day) ?? []
            return (
              <Stack
                key={day}
                role="gridcell"
                aria-label={d.format("dddd DD MMMM YYYY")}
                gap="1"
                p="1"
                minH={view === "week" ? "40" : "24"}
                borderWidth="1px"
                rounded="md"
                bg={day === today ? "teal.subtle" : outside ? "bg.muted" : "bg"}
                data-day={day}
              >
                <Text fontSize="xs" fontWeight={day === today ? "bold" : "normal"} color={outside ? "fg.subtle" : "fg"}>
                  {d.format(view === "week" ? "DD MMM" : "D")}
                </Text>
                {list.map((s) => (
                  <SessionChip key={s._id} session={s} withClient={props.withClient} onOpen={() => setViewing(s)} />
                ))}
              </Stack>
            )
          })}
        </Grid>
      </Box>
      <HStack gap="3" wrap="wrap" fontSize="xs" aria-label="Colours">
        {LEGEND.map(([palette, label]) => (
          <HStack key={label} gap="1">
            <Box w="3" h="3" rounded="sm" bg={`${palette}.solid`} aria-hidden="true" />
            <Text>{label}</Text>
          </HStack>
        ))}
      </HStack>
      <SessionDetailsDialog
        open={viewing !== null}
        session={viewing}
        onClose={() => setViewing(null)}
        steps={props.steps}
        {...(props.showStartLink === undefined ? {} : { showStartLink: props.showStartLink })}
      />
    </Stack>
  )
}
