import { setup } from "xstate"

/**
 * A blog's scheduled publish (issue 28): changes set on the update page to go live at a time. Scheduling
 * again moves it (or replaces the changes); Cancel drops it; at its time one instance puts the changes live,
 * as an update in the scheduler's name that also publishes the blog, and the schedule is done. Deleting the
 * blog deletes its schedule. Pure: the diagrams page draws it and each schedule event records its hash.
 */
export type BlogScheduleStep = { type: "schedule.set" } | { type: "schedule.cancel" } | { type: "schedule.fallDue" } | { type: "schedule.blogDeleted" }

export const blogScheduleMachine = setup({ types: { events: {} as BlogScheduleStep } }).createMachine({
  id: "blogSchedule",
  initial: "none",
  states: {
    none: {
      description: "Nothing scheduled: the blog's changes go live only with Update.",
      on: { "schedule.set": { target: "pending" } },
    },
    pending: {
      description: "Changes waiting for their time; an Admin or Editor may move or replace them (set again) or cancel them.",
      on: {
        "schedule.set": {},
        "schedule.cancel": { target: "none" },
        "schedule.fallDue": { target: "published" },
        "schedule.blogDeleted": { target: "none" },
      },
    },
    published: {
      description: "The changes went live once, at their time: the blog was updated and published. A new schedule may be set.",
      on: { "schedule.set": { target: "pending" } },
    },
  },
})
