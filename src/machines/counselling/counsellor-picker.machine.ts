import * as userCalls from "../../api/contract/counselling/counselling-users.endpoints.ts"
import type { AuditRecord, PickableKind } from "../../api/contract/audit/audit.ts"
import { findCounsellors } from "../../api/counselling/counselling-users.api.ts"
import { recordPickerMachine } from "../audit/record-picker.machine.ts"
import { fromCall } from "../call-actor.ts"

/**
 * Counselling Users' Counsellor filter (issue 26): the record picker's search and pick, searching the people a
 * client can be assigned to (the 'Assign To' form's call) instead of everyone. A counsellor is a person, so a
 * link's id is named as the audit trail's person picker names it.
 */
export const counsellorPickerMachine = recordPickerMachine.provide({
  actors: {
    find: fromCall<readonly AuditRecord[], { kind: PickableKind; search: string }>(userCalls.fetchAssignablePeople, ({ input }) =>
      findCounsellors(input.search),
    ),
  },
})
