import { Badge, Box, Button, chakra, Field, Flex, Grid, Heading, Input, Spinner, Stack, Text, Textarea } from "@chakra-ui/react"
import { useActorRef, useSelector } from "@xstate/react"
import { BODY_MAX, SUBJECT_MAX } from "../../../api/contract/notifications/notification-templates.ts"
import { DISCARD_QUESTION, RESET_QUESTION, emailTemplatesMachine } from "../../../machines/notifications/email-templates.machine.ts"
import { ConfirmDialog } from "../../components/confirm-dialog.tsx"

/**
 * Email templates (issue 23, Admin only, from the user menu): every email the console sends, each
 * reworded here with its placeholders, previewed with a real record, and put back to its default.
 */
export default function EmailTemplatesPage() {
  const actor = useActorRef(emailTemplatesMachine)
  const snapshot = useSelector(actor, (s) => s)
  const { templates, selectedId, draft, problems, error, notice, preview } = snapshot.context
  const template = templates.find((t) => t.id === selectedId) ?? null
  const busy = snapshot.hasTag("busy")
  return (
    <Stack gap="5">
      <Heading as="h1" size="lg">
        Email templates
      </Heading>
      <Text maxW="3xl">
        Reword any email the console sends. Placeholders such as {"{{name}}"} are filled from the record the email is about; a line holding only placeholders
        that come out empty is left out.
      </Text>
      {snapshot.matches("loading") ? (
        <Flex align="center" gap="2" role="status">
          <Spinner size="sm" />
          <Text>Loading email templates...</Text>
        </Flex>
      ) : snapshot.matches("failed") ? (
        <Stack align="start" gap="2">
          <Text role="alert" color="fg.error">
            {error}
          </Text>
          <Button size="sm" onClick={() => actor.send({ type: "retry" })}>
            Try again
          </Button>
        </Stack>
      ) : (
        <Grid templateColumns={{ base: "1fr", lg: "18rem 1fr" }} gap="6" alignItems="start">
          <chakra.nav aria-label="Emails">
            <chakra.ul listStyleType="none" borderWidth="1px" rounded="md">
              {templates.map((t) => (
                <chakra.li key={t.id} borderBottomWidth="1px" _last={{ borderBottomWidth: "0" }}>
                  <chakra.button
                    type="button"
                    aria-current={t.id === selectedId ? "true" : undefined}
                    onClick={() => actor.send({ type: "template.select", id: t.id })}
                    width="full"
                    textAlign="start"
                    px="3"
                    py="2"
                    fontSize="sm"
                    bg={t.id === selectedId ? "teal.subtle" : "transparent"}
                    fontWeight={t.id === selectedId ? "semibold" : "normal"}
                    _hover={{ bg: "bg.muted" }}
                    _focusVisible={{ outline: "2px solid", outlineColor: "teal.focusRing", outlineOffset: "-2px" }}
                  >
                    {t.label}
                    {t.customised ? (
                      <Badge ms="2" size="sm" colorPalette="purple">
                        Customised
                      </Badge>
                    ) : null}
                  </chakra.button>
                </chakra.li>
              ))}
            </chakra.ul>
          </chakra.nav>
          {template ? (
            <Stack gap="4" as="section" aria-labelledby="template-title">
              <Heading as="h2" size="md" id="template-title">
                {template.label}
              </Heading>
              <Field.Root invalid={!!problems.subject}>
                <Field.Label>Subject</Field.Label>
                <Input
                  value={draft.subject}
                  maxLength={SUBJECT_MAX}
                  onChange={(e) => actor.send({ type: "draft.change", field: "subject", value: e.target.value })}
                />
                <Field.ErrorText>{problems.subject}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={!!problems.body}>
                <Field.Label>Body</Field.Label>
                <Textarea
                  value={draft.body}
                  maxLength={BODY_MAX}
                  rows={14}
                  fontFamily="mono"
                  fontSize="sm"
                  onChange={(e) => actor.send({ type: "draft.change", field: "body", value: e.target.value })}
                />
                <Field.ErrorText>{problems.body}</Field.ErrorText>
              </Field.Root>
              <Box>
                <Heading as="h3" size="sm" mb="2">
                  Placeholders
                </Heading>
                <chakra.dl display="grid" gridTemplateColumns="max-content 1fr" columnGap="4" rowGap="1" fontSize="sm">
                  {template.placeholders.map((placeholder) => (
                    <Box key={placeholder.name} display="contents">
                      <chakra.dt fontFamily="mono">{`{{${placeholder.name}}}`}</chakra.dt>
                      <chakra.dd color="fg.muted">{placeholder.description}</chakra.dd>
                    </Box>
                  ))}
                </chakra.dl>
              </Box>
              <Text role="status" minH="6" color={error ? "fg.error" : "fg.muted"}>
                {error ?? notice ?? ""}
              </Text>
              <Flex gap="3" wrap="wrap">
                <Button colorPalette="teal" disabled={busy} onClick={() => actor.send({ type: "save" })}>
                  {snapshot.matches("saving") ? "Saving..." : "Save"}
                </Button>
                <Button variant="outline" disabled={busy} onClick={() => actor.send({ type: "preview" })}>
                  {snapshot.matches("previewing") ? "Previewing..." : "Preview"}
                </Button>
                {template.customised ? (
                  <Button variant="ghost" aria-haspopup="dialog" disabled={busy} onClick={() => actor.send({ type: "reset.request" })}>
                    Reset to default
                  </Button>
                ) : null}
              </Flex>
              {preview ? (
                <Box as="section" aria-label="Preview" borderWidth="1px" rounded="md" p="4" bg="bg.subtle">
                  <Text fontSize="sm" color="fg.muted" mb="2">
                    {preview.source === "record"
                      ? "Filled with the latest real email of this kind (single-use links are not kept, so they show a stand-in)."
                      : "Filled with example values: no email of this kind has been sent yet."}
                  </Text>
                  <Text fontWeight="semibold" data-testid="preview-subject">
                    {preview.subject}
                  </Text>
                  <chakra.pre whiteSpace="pre-wrap" fontFamily="inherit" fontSize="sm" mt="2" data-testid="preview-text">
                    {preview.text}
                  </chakra.pre>
                </Box>
              ) : null}
            </Stack>
          ) : null}
        </Grid>
      )}
      <ConfirmDialog
        open={snapshot.matches("confirmingDiscard")}
        title="Unsaved changes"
        question={DISCARD_QUESTION}
        confirmLabel="Discard"
        busyLabel="Discarding..."
        busy={false}
        onConfirm={() => actor.send({ type: "discard.confirm" })}
        onCancel={() => actor.send({ type: "discard.cancel" })}
      />
      <ConfirmDialog
        open={snapshot.matches("confirmingReset") || snapshot.matches("resetting")}
        title="Reset to default"
        question={RESET_QUESTION}
        confirmLabel="Reset"
        busyLabel="Resetting..."
        busy={snapshot.matches("resetting")}
        onConfirm={() => actor.send({ type: "reset.confirm" })}
        onCancel={() => actor.send({ type: "reset.cancel" })}
      />
    </Stack>
  )
}
