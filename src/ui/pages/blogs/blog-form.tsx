import { lazy, Suspense, useEffect, useId, useState } from "react"
import { Box, Button, Center, Heading, HStack, Spinner, Stack, Text } from "@chakra-ui/react"
import { useActorRef, useSelector } from "@xstate/react"
import { Link as RouterLink } from "wouter"
import { navigate } from "wouter/use-browser-location"
import { BLOG_ADDED, blogFields, blogFormMachine, blogImage } from "../../../machines/blogs/blog-form.machine.ts"
import { FileField } from "../../components/form/file-field.tsx"
import { FormField } from "../../components/form/form-field.tsx"
import { FormFields } from "../../components/form/form-fields.tsx"
import { useFieldFocus } from "../../components/form/use-field-focus.ts"
import { FormMessage } from "../../components/form-message.tsx"
import { notify } from "../../components/toaster.tsx"
import { formatDateTime } from "../../components/format.ts"
import { draftKeyOf, type BlogDraftValues } from "../../../api/contract/blogs/drafts.ts"
import { draftMachine } from "../../../machines/blogs/draft.machine.ts"
import type { FormEvent } from "../../../machines/form/form.machine.ts"
import type { FormValues } from "../../../machines/form/field-spec.ts"

/** Slate and the editor load in their own chunk, only when a blog form is opened. */
const RichTextEditor = lazy(() => import("../../components/rich-text/rich-text-editor.tsx"))

const textFields = blogFields.filter((f) => f.kind !== "richText")
const aboutSpec = blogFields.find((f) => f.kind === "richText")!

/** The blog form's text as a draft keeps it (files are not part of a draft). */
const draftValuesOf = (values: FormValues): BlogDraftValues => Object.fromEntries(blogFields.map((f) => [f.name, values[f.name] ?? ""])) as BlogDraftValues

/** Add Blog (no id) and Update Blog (an id): the fields of spec section 2, saved through the blog form machine. */
export function BlogForm({ blogId }: { blogId: string | null }) {
  const [logic] = useState(() =>
    blogFormMachine.provide({
      actions: {
        submitted: () => {
          if (blogId === null) notify(BLOG_ADDED, "success")
        },
        finished: () => navigate("/blogs"),
      },
    }),
  )
  const actor = useActorRef(logic, { input: { itemId: blogId } })
  // The draft (issue 28): a continued draft's text goes into the form; a published form removes it.
  const [draftLogic] = useState(() =>
    draftMachine.provide({
      actions: {
        restore: (_, { values }) => {
          for (const [field, value] of Object.entries(values)) if (typeof value === "string") actor.send({ type: "field.change", field, value })
        },
      },
    }),
  )
  const draft = useActorRef(draftLogic, { input: { key: draftKeyOf("blog", blogId) } })
  const offered = useSelector(draft, (s) => (s.matches("offering") ? s.context.offered : null))
  const savedAt = useSelector(draft, (s) => s.context.savedAt)
  const draftError = useSelector(draft, (s) => s.context.error)
  const restored = useSelector(draft, (s) => s.context.restored)
  const published = useSelector(actor, (s) => s.hasTag("saved"))
  useEffect(() => {
    if (published) draft.send({ type: "draft.published" })
  }, [published, draft])
  // Leaving the page saves what is still waiting for its pause.
  useEffect(() => () => draft.send({ type: "draft.flush" }), [draft])
  /** A field typed into: to the form, and its text on to the draft. */
  const send = (event: FormEvent<never, never>) => {
    actor.send(event)
    if (event.type === "field.change") draft.send({ type: "draft.change", values: draftValuesOf(actor.getSnapshot().context.values) })
  }
  const context = useSelector(actor, (s) => s.context)
  useEffect(() => actor.send({ type: "form.load", itemId: blogId }), [actor, blogId])
  const loading = useSelector(actor, (s) => s.matches("loading"))
  const loadFailed = useSelector(actor, (s) => s.matches("loadFailed"))
  const saving = useSelector(actor, (s) => s.matches("submitting"))
  const busy = useSelector(actor, (s) => s.hasTag("busy") || s.hasTag("saved") || s.matches("done"))
  const formId = useId()
  useFieldFocus(formId, context.focus)
  const isUpdate = context.mode === "update"
  const title = isUpdate ? "Update Blog" : "Add Blog"

  return (
    <Stack gap="5" maxW="4xl">
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h1" size="lg">
          {title}
        </Heading>
        <Button asChild variant="outline" size="sm">
          <RouterLink href="/blogs">Back to Blogs</RouterLink>
        </Button>
      </HStack>
      {loading ? (
        <Center py="10" aria-busy="true">
          <Spinner role="status" aria-label="Loading" />
        </Center>
      ) : loadFailed ? (
        <FormMessage message={context.message} />
      ) : (
        <Box asChild bg="bg" borderWidth="1px" rounded="lg" p={{ base: "4", md: "6" }}>
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault()
              actor.send({ type: "form.submit" })
            }}
          >
            <Stack gap="4">
              {offered ? (
                <Stack role="status" gap="2" p="3" rounded="md" borderWidth="1px" borderColor="teal.muted" bg="teal.subtle" data-testid="draft-offer">
                  <Text fontSize="sm">You have an unpublished draft of this form, saved {formatDateTime(offered.updatedAt)}.</Text>
                  <HStack gap="2">
                    <Button size="xs" colorPalette="teal" onClick={() => draft.send({ type: "draft.continue" })}>
                      Continue draft
                    </Button>
                    <Button size="xs" variant="outline" onClick={() => draft.send({ type: "draft.discard" })}>
                      Discard draft
                    </Button>
                  </HStack>
                </Stack>
              ) : null}
              <FormFields formId={formId} fields={textFields} context={context} disabled={busy} send={send} />
              <FileField
                formId={formId}
                spec={blogImage}
                state={context.files[blogImage.name]}
                mode={context.mode}
                error={context.errors[blogImage.name]}
                disabled={busy}
                preview={context.preview}
                showPreview
                onChange={(file) => actor.send({ type: "file.change", field: blogImage.name, file })}
              />
              {/* The label names the editable itself (by id), not the toolbar's colour list before it. */}
              <FormField
                formId={formId}
                spec={aboutSpec}
                value={context.values["about"] ?? ""}
                error={context.errors["about"]}
                disabled={busy}
                onChange={(value) => send({ type: "field.change", field: "about", value })}
                renderControl={({ id, describedBy, invalid }) => (
                  <Box w="full">
                    <Suspense fallback={<Spinner role="status" aria-label="Loading editor" />}>
                      <RichTextEditor
                        key={restored}
                        id={id}
                        labelId={`${id}-label`}
                        {...(describedBy ? { errorId: describedBy } : {})}
                        initialHtml={context.values["about"] ?? ""}
                        invalid={invalid}
                        readOnly={busy}
                        onChange={(html) => send({ type: "field.change", field: "about", value: html })}
                      />
                    </Suspense>
                  </Box>
                )}
              />
              <FormMessage message={context.message} />
              <HStack justify="flex-end" gap="3" wrap="wrap">
                <Text fontSize="sm" color={draftError ? "fg.error" : "fg.muted"} aria-live="polite" data-testid="draft-status">
                  {draftError ?? (savedAt ? `Draft saved ${formatDateTime(savedAt)}` : "")}
                </Text>
                <Button
                  type="submit"
                  colorPalette="teal"
                  loading={saving}
                  loadingText={isUpdate ? "Updating..." : "Saving..."}
                  aria-busy={saving}
                  disabled={busy}
                >
                  {title}
                </Button>
              </HStack>
            </Stack>
          </form>
        </Box>
      )}
    </Stack>
  )
}
