import { liveListListener } from "../../src/machines/paged-list.machine.ts"

/** A list's live stream that never speaks: for list tests that are not about live updates (no stream is opened). */
export const quietLiveList = { watchLiveList: liveListListener(() => () => {}) }
