import { lazy, Suspense, useEffect, useState } from "react"
import { Box, Button, Center, Heading, HStack, Spinner, Stack, Text } from "@chakra-ui/react"
import { useActorRef, useSelector } from "@xstate/react"
import { Link as RouterLink } from "wouter"
import { navigate } from "wouter/use-browser-location"
import { blogFields, blogFormMachine } from "../../../machines/blog-form.machine.ts"
import { IMAGE_KEY } from "../../../machines/content-validation.ts"
import { ImageInput } from "../../components/content/image-input.tsx"
import { FormFields } from "../../components/content/form-fields.tsx"
import { FormMessage } from "../../components/form-message.tsx"
import { notify } from "../../components/toaster.tsx"

/** Slate and the editor load in their own chunk, only when a blog form is opened. */
const RichTextEditor = lazy(() => import("../../components/rich-text/rich-text-editor.tsx"))

const textFields = blogFields.filter((f) => f.kind !== "richText")

/** Add Blog (no id) and Update Blog (an id): the fields of spec section 2, saved through the blog form machine. */
export function BlogForm({ blogId }: { blogId: string | null }) {
  const [logic] = useState(() =>
    blogFormMachine.provide({ actions: { navigate: (_, { to }) => navigate(to), notify: (_, { text, tone }) => notify(text, tone) } }),
  )
  const actor = useActorRef(logic, { input: { blogId } })
  const context = useSelector(actor, (s) => s.context)
  useEffect(() => actor.send({ type: "blog.open", blogId }), [actor, blogId])
  const loading = useSelector(actor, (s) => s.matches("loading"))
  const loadFailed = useSelector(actor, (s) => s.matches("loadFailed"))
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  const saving = useSelector(actor, (s) => s.matches("saving"))
  const isUpdate = blogId !== null
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
              <FormFields fields={textFields} values={context.values} errors={context.errors} disabled={busy} onChange={(field, value) => actor.send({ type: "field.change", field, value })} />
              <ImageInput
                label="Image"
                name={IMAGE_KEY}
                file={context.file}
                currentImage={context.currentImage}
                required={!isUpdate}
                error={context.errors[IMAGE_KEY]}
                disabled={busy}
                onChange={(file) => actor.send({ type: "file.change", file })}
              />
              {/* Not a Field: its label would point at the first control inside, the toolbar's colour
                  list. The editable is not a form control either; it names itself by this label. */}
              <Stack gap="1.5">
                <Text as="span" id="about-blog-label" textStyle="sm" fontWeight="medium" onClick={() => document.getElementById("about-blog")?.focus()}>
                  About Blog{" "}
                  <Box as="span" color="fg.error" aria-hidden="true">
                    *
                  </Box>
                </Text>
                <Box w="full">
                  <Suspense fallback={<Spinner role="status" aria-label="Loading editor" />}>
                    <RichTextEditor
                      id="about-blog"
                      labelId="about-blog-label"
                      {...(context.errors.about ? { errorId: "about-blog-error" } : {})}
                      initialHtml={context.values.about ?? ""}
                      invalid={Boolean(context.errors.about)}
                      readOnly={busy}
                      onChange={(html) => actor.send({ type: "field.change", field: "about", value: html })}
                    />
                  </Suspense>
                </Box>
                {context.errors.about ? (
                  <Text id="about-blog-error" textStyle="xs" color="fg.error">
                    {context.errors.about}
                  </Text>
                ) : null}
              </Stack>
              <FormMessage message={context.message} />
              <HStack justify="flex-end">
                <Button type="submit" colorPalette="teal" loading={saving} loadingText={isUpdate ? "Updating..." : "Saving..."} aria-busy={saving} disabled={busy}>
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
