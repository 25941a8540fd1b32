import { useId, useState } from "react"
import { Box, Button, Center, Fieldset, Heading, HStack, SimpleGrid, Spinner, Stack, Text } from "@chakra-ui/react"
import { useActorRef, useSelector } from "@xstate/react"
import { Link as RouterLink } from "wouter"
import { navigate } from "wouter/use-browser-location"
import { reviewedFieldLabels } from "../../../api/contract/vendors/profile-change.ts"
import { avatarSpec, profileEditMachine, profileEditSections, proofSpec } from "../../../machines/account/profile-edit.machine.ts"
import { FileField } from "../../components/form/file-field.tsx"
import { FormFields } from "../../components/form/form-fields.tsx"
import { useFieldFocus } from "../../components/form/use-field-focus.ts"
import { FormMessage } from "../../components/form-message.tsx"

const REVIEWED = Object.values(reviewedFieldLabels).join(", ")

/** A vendor's own profile form (issue 26): what changes at once, and what waits for an Admin's review. */
export default function ProfileEditPage() {
  const [logic] = useState(() => profileEditMachine.provide({ actions: { finished: () => navigate("/profile") } }))
  const actor = useActorRef(logic, { input: { itemId: "me" } })
  const context = useSelector(actor, (s) => s.context)
  const loading = useSelector(actor, (s) => s.matches("loading") || s.matches("starting"))
  const loadFailed = useSelector(actor, (s) => s.matches("loadFailed"))
  const busy = useSelector(actor, (s) => s.hasTag("busy") || s.hasTag("saved") || s.matches("done"))
  const formId = useId()
  useFieldFocus(formId, context.focus)
  const reviewed = context.extra.status === "Approve" || context.extra.status === "Temp Approve"
  return (
    <Stack gap="5" maxW="4xl">
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h1" size="lg">
          Edit Profile
        </Heading>
        <Button asChild variant="outline" size="sm">
          <RouterLink href="/profile">Back to Profile</RouterLink>
        </Button>
      </HStack>
      {loading ? (
        <Center py="10" aria-busy="true">
          <Spinner role="status" aria-label="Loading profile" />
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
            <Stack gap="8">
              {reviewed ? (
                <Text color="fg.muted" data-testid="review-note">
                  Changes to {REVIEWED} are reviewed by an Admin before they show; your approved details stay until then. Everything else changes at once.
                </Text>
              ) : null}
              {profileEditSections.map((section) => (
                <Fieldset.Root key={section.legend}>
                  <Fieldset.Legend fontSize="lg" fontWeight="semibold" mb="2">
                    {section.legend}
                  </Fieldset.Legend>
                  <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                    <FormFields formId={formId} fields={section.fields} context={context} disabled={busy} send={actor.send} />
                    {section.legend === "Profile" ? (
                      <FileField
                        formId={formId}
                        spec={avatarSpec}
                        state={context.files[avatarSpec.name]}
                        mode="update"
                        error={context.errors[avatarSpec.name]}
                        disabled={busy}
                        hint="PNG or JPEG, shown at 170 px. Leave empty to keep the current one."
                        onChange={(file) => actor.send({ type: "file.change", field: avatarSpec.name, file })}
                      />
                    ) : null}
                    {section.legend === "Documents" ? (
                      <FileField
                        formId={formId}
                        spec={proofSpec}
                        state={context.files[proofSpec.name]}
                        mode="update"
                        error={context.errors[proofSpec.name]}
                        disabled={busy}
                        hint="PNG or JPEG. Only the review team sees it. Leave empty to keep the current one."
                        onChange={(file) => actor.send({ type: "file.change", field: proofSpec.name, file })}
                      />
                    ) : null}
                  </SimpleGrid>
                  {section.legend === "Bank Details" && context.extra.accountNumber ? (
                    <Text fontSize="sm" color="fg.muted" mt="2">
                      The account number on file ends in {context.extra.accountNumber.slice(-4)}.
                    </Text>
                  ) : null}
                </Fieldset.Root>
              ))}
              <FormMessage message={context.message} />
              <HStack gap="3">
                <Button type="submit" colorPalette="teal" disabled={busy} loading={busy && !context.message} aria-busy={busy} loadingText="Saving...">
                  Save Profile
                </Button>
                <Button asChild variant="ghost">
                  <RouterLink href="/profile">Cancel</RouterLink>
                </Button>
              </HStack>
            </Stack>
          </form>
        </Box>
      )}
    </Stack>
  )
}
