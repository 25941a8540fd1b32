import type { ReactNode } from "react"
import { Box, Button, Center, Field, Fieldset, Heading, Input, Link, NativeSelect, SimpleGrid, Stack, Text, Textarea } from "@chakra-ui/react"
import { useActorRef, useSelector } from "@xstate/react"
import type { ActorRefFrom } from "xstate"
import { vendorRoles } from "../../api/contract/common.ts"
import { contactMethods } from "../../api/contract/partner.ts"
import { partnerFieldLabels, partnerSignupMachine, type PartnerField } from "../../machines/partner-signup.machine.ts"
import { FormMessage } from "../components/form-message.tsx"

type Actor = ActorRefFrom<typeof partnerSignupMachine>

const ROLE_LABELS: Record<(typeof vendorRoles)[number], string> = {
  Lawyer: "Lawyer",
  Counsellor: "Counsellor",
  YogaTeacher: "Yoga Teacher",
  Nutritionist: "Nutritionist",
  ImageConsultant: "Image Consultant",
}

interface FieldProps {
  actor: Actor
  field: PartnerField
  required?: boolean
  type?: string
  autoComplete?: string
  inputMode?: "numeric" | "tel" | "email" | "text"
  helper?: string
}

function TextField({ actor, field, required = true, type = "text", autoComplete, inputMode, helper }: FieldProps) {
  const value = useSelector(actor, (s) => s.context.fields[field])
  return (
    <Field.Root required={required}>
      <Field.Label>
        {partnerFieldLabels[field]}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      <Input name={field} type={type} value={value} autoComplete={autoComplete} inputMode={inputMode} onChange={(e) => actor.send({ type: "field.change", field, value: e.target.value })} />
      {helper ? <Field.HelperText>{helper}</Field.HelperText> : null}
    </Field.Root>
  )
}

function LongField({ actor, field }: { actor: Actor; field: PartnerField }) {
  const value = useSelector(actor, (s) => s.context.fields[field])
  return (
    <Field.Root>
      <Field.Label>{partnerFieldLabels[field]}</Field.Label>
      <Textarea name={field} rows={3} maxLength={2000} value={value} onChange={(e) => actor.send({ type: "field.change", field, value: e.target.value })} />
    </Field.Root>
  )
}

function SelectField({ actor, field, options }: { actor: Actor; field: PartnerField; options: Array<[string, string]> }) {
  const value = useSelector(actor, (s) => s.context.fields[field])
  return (
    <Field.Root required>
      <Field.Label>
        {partnerFieldLabels[field]}
        <Field.RequiredIndicator />
      </Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field name={field} value={value} onChange={(e) => actor.send({ type: "field.change", field, value: e.target.value })}>
          <option value="">Select…</option>
          {options.map(([v, label]) => (
            <option key={v} value={v}>
              {label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  )
}

function Section({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontSize="lg" fontWeight="semibold" mb="2">
        {legend}
      </Fieldset.Legend>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {children}
      </SimpleGrid>
    </Fieldset.Root>
  )
}

function CertificateField({ actor }: { actor: Actor }) {
  return (
    <Field.Root required>
      <Field.Label>
        {partnerFieldLabels.certificationImg}
        <Field.RequiredIndicator />
      </Field.Label>
      <Input
        type="file"
        name="certificationImg"
        accept="image/png,image/jpeg"
        p="1"
        onChange={(e) => actor.send({ type: "certificate.change", file: e.target.files?.[0] ?? null })}
      />
      <Field.HelperText>PNG or JPEG. Only the review team sees it.</Field.HelperText>
    </Field.Root>
  )
}

/** The public partner sign-up page ('Sign up here' on the login screen leads here by default). */
export default function PartnerSignupPage() {
  const actor = useActorRef(partnerSignupMachine)
  const message = useSelector(actor, (s) => s.context.message)
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  const done = useSelector(actor, (s) => s.matches("submitted"))
  const p = { actor }
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
              <FormMessage message={message} />
              <Link href="/login" colorPalette="teal">
                Go to Login
              </Link>
            </Stack>
          ) : (
            <form
              onSubmit={(e) => {
                e.preventDefault()
                actor.send({ type: "signup.submit" })
              }}
            >
              <Stack gap="8">
                <Section legend="Profile">
                  <SelectField {...p} field="role" options={vendorRoles.map((r) => [r, ROLE_LABELS[r]])} />
                  <TextField {...p} field="name" autoComplete="name" />
                  <TextField {...p} field="email" type="email" autoComplete="email" />
                  <TextField {...p} field="number" type="tel" autoComplete="tel" inputMode="tel" helper="10 to 15 digits" />
                  <TextField {...p} field="address" autoComplete="street-address" />
                  <TextField {...p} field="city" autoComplete="address-level2" />
                  <TextField {...p} field="pinCode" inputMode="numeric" autoComplete="postal-code" helper="6 digits" />
                  <TextField {...p} field="state" autoComplete="address-level1" />
                  <TextField {...p} field="language" helper="e.g. English, Hindi" />
                  <TextField {...p} field="experience" helper="e.g. 6 years" />
                  <SelectField {...p} field="preferredContactMethod" options={contactMethods.map((m) => [m, m])} />
                  <TextField {...p} field="organizationName" required={false} autoComplete="organization" />
                  <TextField {...p} field="qualifications" required={false} />
                  <LongField {...p} field="briefBio" />
                  <LongField {...p} field="serviceDescription" />
                </Section>
                <Section legend="Documents">
                  <TextField {...p} field="registrationNumber" />
                  <TextField {...p} field="certificationName" />
                  <TextField {...p} field="issuingAuthority" />
                  <TextField {...p} field="certificationNumber" />
                  <TextField {...p} field="expirationDate" type="date" required={false} />
                  <CertificateField actor={actor} />
                </Section>
                <Section legend="Bank Details">
                  <TextField {...p} field="accountHolderName" />
                  <TextField {...p} field="bankName" />
                  <TextField {...p} field="ifscCode" helper="11 characters, e.g. HDFC0001234" />
                  <TextField {...p} field="accountNumber" inputMode="numeric" helper="9 to 18 digits" />
                </Section>
                <Section legend="Sign-in">
                  <TextField {...p} field="password" type="password" autoComplete="new-password" helper="At least 8 characters" />
                  <TextField {...p} field="confirmPassword" type="password" autoComplete="new-password" />
                </Section>
                <FormMessage message={message} />
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
