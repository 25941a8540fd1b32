import { useState } from "react"
import { Box, Button, Field, HStack, Input, Stack, Text } from "@chakra-ui/react"
import { useActorRef, useSelector } from "@xstate/react"
import type { BlogText } from "../../../api/blogs/blog.api.ts"
import { viewerZone } from "../../../machines/account/viewer-zone.ts"
import { blogSchedulePanelMachine } from "../../../machines/blogs/blog-schedule-panel.machine.ts"
import { ConfirmDialog } from "../../components/confirm-dialog.tsx"
import { formatDateTime } from "../../components/format.ts"
import { notify } from "../../components/toaster.tsx"

/**
 * Schedule publish on the update page (issue 28): what the form holds now (its text and a chosen image) goes
 * live at a time instead of at once. `changes` reads the form at the moment Schedule is pressed.
 */
export function BlogSchedule({ blogId, changes, disabled }: { blogId: string; changes: () => { text: BlogText; image: File | null }; disabled: boolean }) {
  const [logic] = useState(() => blogSchedulePanelMachine.provide({ actions: { notify: (_, { text, tone }) => notify(text, tone) } }))
  const actor = useActorRef(logic, { input: { itemId: blogId } })
  const ctx = useSelector(actor, (s) => s.context)
  const loading = useSelector(actor, (s) => s.matches("loading"))
  const failed = useSelector(actor, (s) => s.matches("failed"))
  const scheduling = useSelector(actor, (s) => s.matches("scheduling"))
  const confirming = useSelector(actor, (s) => s.hasTag("confirming"))
  const cancelling = useSelector(actor, (s) => s.matches("cancelling"))
  const busy = disabled || scheduling || cancelling

  return (
    <Box as="section" aria-labelledby="schedule-heading" borderWidth="1px" rounded="lg" p={{ base: "4", md: "6" }} bg="bg">
      <Stack gap="3">
        <Text id="schedule-heading" fontWeight="semibold">
          Schedule publish
        </Text>
        {loading ? (
          <Text color="fg.muted" role="status">
            Loading the scheduled publish...
          </Text>
        ) : failed ? (
          <HStack>
            <Text color="fg.error">{ctx.error}</Text>
            <Button size="xs" variant="outline" onClick={() => actor.send({ type: "schedule.retry" })}>
              Try again
            </Button>
          </HStack>
        ) : (
          <>
            {ctx.schedule ? (
              <HStack justify="space-between" wrap="wrap" gap="2" data-testid="scheduled-publish">
                <Text>
                  Changes scheduled to go live on <strong>{formatDateTime(ctx.schedule.publishAt)}</strong>
                  {ctx.schedule.by ? `, set by ${ctx.schedule.by}` : ""}. Until then the blog stays as it is.
                </Text>
                <Button
                  aria-haspopup="dialog"
                  data-dialog="cancel-schedule"
                  size="sm"
                  variant="outline"
                  colorPalette="red"
                  onClick={() => actor.send({ type: "cancel.request" })}
                  disabled={busy}
                >
                  Cancel schedule
                </Button>
              </HStack>
            ) : (
              <Text color="fg.muted">Nothing is scheduled. Pick a time to publish the changes above then, instead of now.</Text>
            )}
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault()
                actor.send({ type: "schedule.submit", ...changes() })
              }}
            >
              <HStack align="end" gap="3" wrap="wrap">
                <Field.Root invalid={ctx.fieldError !== null} disabled={busy} maxW="72">
                  <Field.Label>Publish at ({viewerZone()})</Field.Label>
                  <Input type="datetime-local" value={ctx.publishAt} onChange={(e) => actor.send({ type: "publishAt.change", value: e.target.value })} />
                  {ctx.fieldError ? <Field.ErrorText>{ctx.fieldError}</Field.ErrorText> : null}
                </Field.Root>
                <Button type="submit" variant="outline" colorPalette="teal" loading={scheduling} loadingText="Scheduling..." disabled={busy}>
                  {ctx.schedule ? "Reschedule with these changes" : "Schedule changes"}
                </Button>
              </HStack>
            </form>
            {ctx.error ? (
              <Text color="fg.error" role="alert">
                {ctx.error}
              </Text>
            ) : null}
          </>
        )}
      </Stack>
      <ConfirmDialog
        open={confirming}
        title="Cancel the scheduled publish?"
        question="The scheduled changes are dropped and the blog stays as it is now."
        confirmLabel="Cancel schedule"
        busyLabel="Cancelling..."
        busy={cancelling}
        onConfirm={() => actor.send({ type: "cancel.confirm" })}
        onCancel={() => actor.send({ type: "cancel.dismiss" })}
      />
    </Box>
  )
}
