import { lazy, Suspense, useEffect, useId, useState } from "react"
import { Box, Button, Center, Heading, HStack, Spinner, Stack } from "@chakra-ui/react"
import { useActorRef, useSelector } from "@xstate/react"
import { Link as RouterLink } from "wouter"
import { navigate } from "wouter/use-browser-location"
import { BLOG_ADDED, blogFields, blogFormMachine, blogImage, blogTextOf } from "../../../machines/blogs/blog-form.machine.ts"
import { BlogSchedule } from "./blog-schedule.tsx"
import { FileField } from "../../components/form/file-field.tsx"
import { FormField } from "../../components/form/form-field.tsx"
import { FormFields } from "../../components/form/form-fields.tsx"
import { useFieldFocus } from "../../components/form/use-field-focus.ts"
import { FormMessage } from "../../components/form-message.tsx"
import { notify } from "../../components/toaster.tsx"
import { draftKeyOf } from "../../../api/contract/drafts/drafts.ts"
import { useFormDraft } from "../../components/form/use-form-draft.ts"
import { DraftOffer, DraftStatus } from "../../components/form/draft-parts.tsx"

/** Slate and the editor load in their own chunk, only when a blog form is opened. */
const RichTextEditor = lazy(() => import("../../components/rich-text/rich-text-editor.tsx"))

const textFields = blogFields.filter((f) => f.kind !== "richText")
const aboutSpec = blogFields.find((f) => f.kind === "richText")!

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
  const { draft, send } = useFormDraft(actor, blogFields, draftKeyOf("blog", blogId))
  const restored = useSelector(draft, (s) => s.context.restored)
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
              <DraftOffer draft={draft} />
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
                library
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
                <DraftStatus draft={draft} />
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
      {isUpdate && blogId && !loading && !loadFailed ? (
        <BlogSchedule
          blogId={blogId}
          disabled={busy}
          changes={() => ({
            text: blogTextOf(actor.getSnapshot().context.values),
            image: (actor.getSnapshot().context.files[blogImage.name] as File | undefined) ?? null,
          })}
        />
      ) : null}
    </Stack>
  )
}
