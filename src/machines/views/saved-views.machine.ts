import { assign, setup } from "xstate"
import { messageOf } from "../../api/api-error.ts"
import * as calls from "../../api/contract/views/saved-views.endpoints.ts"
import { SAVED_VIEW_NAME_MAX, type SavedView } from "../../api/contract/views/saved-views.ts"
import * as viewsApi from "../../api/views/saved-views.api.ts"
import { fromCall } from "../call-actor.ts"

export const VIEWS_FAILED = "Failed to load your saved views."
export const VIEW_SAVE_FAILED = "Failed to save the view."
export const VIEW_DELETE_FAILED = "Failed to delete the view."
export const VIEW_NAME_REQUIRED = "Name is required."
export const VIEW_NAME_TOO_LONG = `Name must be at most ${SAVED_VIEW_NAME_MAX} characters.`

export interface SavedViewsContext {
  /** The list's name (its machine's id). */
  list: string
  views: readonly SavedView[]
  /** The name typed for the view to save. */
  name: string
  /** Why the name cannot be saved (next to the field). */
  nameError: string | null
  /** Why the views could not be read, or one could not be deleted. */
  error: string | null
  /** The view whose deletion waits for a yes. */
  deleting: SavedView | null
}

export type SavedViewsEvent =
  | { type: "views.open" }
  | { type: "views.reload" }
  | { type: "view.apply"; id: string }
  | { type: "name.change"; value: string }
  | { type: "save.submit"; query: string }
  | { type: "delete.request"; id: string }
  | { type: "delete.confirm" }
  | { type: "delete.cancel" }

/**
 * The views with one just saved put among them: the server answers them ordered by name (letter case ignored), so the
 * new one goes before the first that sorts after it, and the others keep the server's order.
 */
function withView(views: readonly SavedView[], view: SavedView): SavedView[] {
  const rest = views.filter((other) => other._id !== view._id)
  const key = view.name.toLowerCase()
  const at = rest.findIndex((other) => other.name.toLowerCase().localeCompare(key) > 0)
  return at === -1 ? [...rest, view] : [...rest.slice(0, at), view, ...rest.slice(at)]
}
const nameProblem = (name: string): string | null =>
  name.trim() === "" ? VIEW_NAME_REQUIRED : name.trim().length > SAVED_VIEW_NAME_MAX ? VIEW_NAME_TOO_LONG : null

/**
 * A list's saved views (issue 26): the person's named views of this list, read when the menu first opens (a list
 * visit costs no call for a menu left closed); one applied opens the list
 * as it was saved (the app provides `applyView`); the list as it is now saved under a typed name; one deleted after
 * a yes. Each person's own, kept on the server, so they follow the person to any browser.
 */
export const savedViewsMachine = setup({
  types: { context: {} as SavedViewsContext, events: {} as SavedViewsEvent, input: {} as { list: string } },
  actors: {
    fetchViews: fromCall<readonly SavedView[], { list: string }>(calls.listSavedViews, async ({ input }) => (await viewsApi.listSavedViews(input.list)).data),
    saveView: fromCall<SavedView, { list: string; name: string; query: string }>(
      calls.saveView,
      async ({ input }) => (await viewsApi.saveView({ list: input.list, name: input.name.trim(), query: input.query })).data,
    ),
    deleteView: fromCall<string, { id: string }>(calls.deleteView, async ({ input }) => {
      await viewsApi.deleteView(input.id)
      return input.id
    }),
  },
  actions: {
    /** Provided by the app: open the list as the view names it (its address query). */
    applyView: (_, _params: { query: string }) => {},
    /** Provided by the app: say the view was saved. */
    notifySaved: (_, _params: { name: string }) => {},
  },
  guards: {
    isKnownView: ({ context, event }) => "id" in event && context.views.some((view) => view._id === event.id),
    hasValidName: ({ context }) => nameProblem(context.name) === null,
  },
}).createMachine({
  id: "savedViews",
  context: ({ input }) => ({ list: input.list, views: [], name: "", nameError: null, error: null, deleting: null }),
  initial: "idle",
  states: {
    idle: {
      description: "Nothing is read until the Views menu opens.",
      on: { "views.open": "loading" },
    },
    loading: {
      description: "The person's views of this list are fetched.",
      tags: ["busy"],
      invoke: {
        src: "fetchViews",
        input: ({ context }) => ({ list: context.list }),
        onDone: { target: "ready", actions: assign({ views: ({ event }) => event.output, error: null }) },
        onError: { target: "failed", actions: assign({ error: ({ event }) => messageOf(event.error, VIEWS_FAILED) }) },
      },
    },
    ready: {
      description: "Each view by name opens the list as saved; a name and Save view keep the list as it is now; each view can be deleted.",
      on: {
        "view.apply": {
          guard: "isKnownView",
          actions: { type: "applyView", params: ({ context, event }) => ({ query: context.views.find((view) => view._id === event.id)?.query ?? "" }) },
        },
        "name.change": { actions: assign({ name: ({ event }) => event.value, nameError: null }) },
        "save.submit": [{ guard: "hasValidName", target: "saving" }, { actions: assign({ nameError: ({ context }) => nameProblem(context.name) }) }],
        "delete.request": {
          guard: "isKnownView",
          target: "confirmingDelete",
          actions: assign({ deleting: ({ context, event }) => context.views.find((view) => view._id === event.id) ?? null, error: null }),
        },
      },
    },
    saving: {
      description: "The list as it is now is saved under the typed name.",
      tags: ["busy"],
      invoke: {
        src: "saveView",
        input: ({ context, event }) => ({ list: context.list, name: context.name, query: event.type === "save.submit" ? event.query : "" }),
        onDone: {
          target: "ready",
          actions: [
            assign({
              views: ({ context, event }) => withView(context.views, event.output),
              name: "",
              nameError: null,
            }),
            { type: "notifySaved", params: ({ event }) => ({ name: event.output.name }) },
          ],
        },
        // The server's reason (a name taken, the most views a list may keep) shows next to the name.
        onError: { target: "ready", actions: assign({ nameError: ({ event }) => messageOf(event.error, VIEW_SAVE_FAILED) }) },
      },
    },
    confirmingDelete: {
      description: "Are you sure you want to delete this view? Yes deletes it; No keeps it.",
      on: {
        "delete.confirm": "deleting",
        "delete.cancel": { target: "ready", actions: assign({ deleting: null }) },
      },
    },
    deleting: {
      description: "The view is deleted.",
      tags: ["busy"],
      invoke: {
        src: "deleteView",
        input: ({ context }) => ({ id: context.deleting?._id ?? "" }),
        onDone: {
          target: "ready",
          actions: assign({ views: ({ context, event }) => context.views.filter((view) => view._id !== event.output), deleting: null }),
        },
        onError: { target: "ready", actions: assign({ error: ({ event }) => messageOf(event.error, VIEW_DELETE_FAILED), deleting: null }) },
      },
    },
    failed: { description: "The failure in words, with Try again.", on: { "views.reload": "loading" } },
  },
})
