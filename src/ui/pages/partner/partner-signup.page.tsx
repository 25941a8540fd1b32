import { Box, Button, Center, Fieldset, Heading, Link, SimpleGrid, Stack, Text } from "@chakra-ui/react"
import { useActorRef, useSelector } from "@xstate/react"
import { useId } from "react"
import { certificateSpec, partnerSections, partnerSignupMachine } from "../../../machines/partner/partner-signup.machine.ts"
import { FileField } from "../../components/form/file-field.tsx"
import { FormFields } from "../../components/form/form-fields.tsx"
import { useFieldFocus } from "../../components/form/use-field-focus.ts"
import { FormMessage } from "../../components/form-message.tsx"

/** The public partner sign-up page ('Sign up here' on the login screen leads here by default). */
export default function PartnerSignupPage() {
  const actor = useActorRef(partnerSignupMachine)
  const context = useSelector(actor, (s) => s.context)
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  const done = useSelector(actor, (s) => s.matches("succeeded"))
  const formId = useId()
  useFieldFocus(formId, context.focus)
  return (
    <Center as="main" minH="100vh" bg="bg.subtle" p={{ base: "3", md: "8" }}>
      <Box w="full" maxW="4xl" bg="bg" p={{ base: "5", md: "8" }} rounded="lg" shadow="md">
        <Stack gap="6">
          <Stack gap="1">
            <Heading as="h1" size="2xl">
              Become a Partner
            </Heading>
            <Text color="fg.muted">Tell us about your practice. Your application is reviewed before your profile goes live.</Text>
          </Stack>
          {done ? (
            <Stack gap="4" align="start">
              <FormMessage message={context.message} />
              <Link href="/login" colorPalette="teal">
                Go to Login
              </Link>
            </Stack>
          ) : (
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault()
                actor.send({ type: "form.submit" })
              }}
            >
              <Stack gap="8">
                {partnerSections.map((section) => (
                  <Fieldset.Root key={section.legend}>
                    <Fieldset.Legend fontSize="lg" fontWeight="semibold" mb="2">
                      {section.legend}
                    </Fieldset.Legend>
                    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                      <FormFields formId={formId} fields={section.fields} context={context} disabled={busy} send={actor.send} />
                      {section.legend === "Documents" ? (
                        <FileField
                          formId={formId}
                          spec={certificateSpec}
                          state={context.files[certificateSpec.name]}
                          mode="add"
                          error={context.errors[certificateSpec.name]}
                          disabled={busy}
                          hint="PNG or JPEG. Only the review team sees it."
                          onChange={(file) => actor.send({ type: "file.change", field: certificateSpec.name, file })}
                        />
                      ) : null}
                    </SimpleGrid>
                  </Fieldset.Root>
                ))}
                <FormMessage message={context.message} />
                <Stack direction={{ base: "column", sm: "row" }} gap="4" align={{ sm: "center" }}>
                  <Button type="submit" colorPalette="teal" disabled={busy} loading={busy} aria-busy={busy} loadingText="Submitting...">
                    Submit Application
                  </Button>
                  <Text fontSize="sm">
                    Already a partner?{" "}
                    <Link href="/login" colorPalette="teal">
                      Login
                    </Link>
                  </Text>
                </Stack>
              </Stack>
            </form>
          )}
        </Stack>
      </Box>
    </Center>
  )
}
