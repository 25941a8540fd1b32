import type { TrendWeek } from "../../../api/contract/dashboard/dashboard.ts"

/** One line of numbers a chart draws: its label, its colour (a `.fg` token, which keeps its contrast in light and dark) and how to read it from a week. */
export interface TrendSeries {
  key: string
  label: string
  color: string
  /** Bars of one stack sit on each other (sessions by state); others stand side by side. */
  stack?: string
  value: (week: TrendWeek) => number
}

export interface TrendChartSpec {
  id: string
  title: string
  description: string
  series: TrendSeries[]
}

/** The dashboard's three charts, in the order the issue names them. */
export const TREND_CHARTS: TrendChartSpec[] = [
  {
    id: "people",
    title: "Sign-ups and approvals",
    description: "New client and vendor accounts each week, and vendors approved.",
    series: [
      { key: "clientSignUps", label: "Client sign-ups", color: "teal.fg", value: (w) => w.clientSignUps },
      { key: "vendorSignUps", label: "Vendor sign-ups", color: "blue.fg", value: (w) => w.vendorSignUps },
      { key: "approvals", label: "Approvals", color: "orange.fg", value: (w) => w.approvals },
    ],
  },
  {
    id: "sessions",
    title: "Sessions by state",
    description: "Counselling sessions starting each week, by the state they are in now.",
    series: [
      { key: "scheduled", label: "Scheduled", color: "blue.fg", stack: "state", value: (w) => w.sessions.scheduled },
      { key: "rescheduled", label: "Rescheduled", color: "purple.fg", stack: "state", value: (w) => w.sessions.rescheduled },
      { key: "completed", label: "Completed", color: "green.fg", stack: "state", value: (w) => w.sessions.completed },
      { key: "cancelled", label: "Cancelled", color: "red.fg", stack: "state", value: (w) => w.sessions.cancelled },
      { key: "noShow", label: "No-show", color: "gray.fg", stack: "state", value: (w) => w.sessions.noShow },
    ],
  },
  {
    id: "tickets",
    title: "Tickets opened and closed",
    description: "Support tickets raised each week, and tickets closed.",
    series: [
      { key: "ticketsOpened", label: "Opened", color: "orange.fg", value: (w) => w.ticketsOpened },
      { key: "ticketsClosed", label: "Closed", color: "teal.fg", value: (w) => w.ticketsClosed },
    ],
  },
]
