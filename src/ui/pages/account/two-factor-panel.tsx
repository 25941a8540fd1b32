import type { ReactNode } from "react"
import { Box, Button, Card, Code, Heading, HStack, Image, List, Spinner, Stack, Text } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import type { ActorRefFrom } from "xstate"
import { useId } from "react"
import { disableFields, enrolFields, type twoFactorMachine } from "../../../machines/account/two-factor.machine.ts"
import type { FieldSpec } from "../../../machines/form/field-spec.ts"
import { InputField } from "../../components/form/input-field.tsx"
import { useFieldFocus } from "../../components/form/use-field-focus.ts"
import { useCatchLostFocus } from "../../components/use-catch-lost-focus.ts"
import { FormMessage } from "../../components/form-message.tsx"

type Actor = ActorRefFrom<typeof twoFactorMachine>

/** A 6-digit authenticator code: numeric keyboard, one-time-code autofill, focused when it appears. */
const codeInput = { inputMode: "numeric", pattern: "[0-9]*", maxLength: 6, autoFocus: true }

function Fields({ actor, fields, formId }: { actor: Actor; fields: readonly FieldSpec[]; formId: string }) {
  const context = useSelector(actor, (s) => s.context)
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  useFieldFocus(formId, context.focus)
  return (
    <>
      {fields.map((spec) => (
        <InputField
          key={spec.name}
          formId={formId}
          spec={spec}
          value={spec.name === "code" ? context.code : context.password}
          error={context.errors[spec.name]}
          disabled={busy}
          // The field is the one thing to do at this step: keyboard users type straight away.
          inputProps={spec.name === "code" ? { ...codeInput, autoFocus: fields.length === 1 } : undefined}
          onChange={(value) => actor.send({ type: "field.change", field: spec.name as "code" | "password", value })}
        />
      ))}
    </>
  )
}

function Enrolment({ actor }: { actor: Actor }) {
  const setup = useSelector(actor, (s) => s.context.setup)
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  const formId = useId()
  if (!setup) return null
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        actor.send({ type: "enrol.submit" })
      }}
    >
      <Stack gap="4">
        <Text>1. Scan this QR code with an authenticator app (or enter the secret by hand).</Text>
        <Image src={setup.qrCodeDataUrl} alt="QR code to add this account to an authenticator app" width="200px" height="200px" bg="white" rounded="md" />
        <Box>
          <Text fontSize="sm">Secret</Text>
          <Code data-testid="totp-secret" fontSize="md" wordBreak="break-all">
            {setup.secret}
          </Code>
        </Box>
        <Box>
          <Text fontSize="sm">Setup link</Text>
          <Code data-testid="totp-uri" fontSize="xs" wordBreak="break-all">
            {setup.otpauthUri}
          </Code>
        </Box>
        <Fields actor={actor} fields={enrolFields} formId={formId} />
        <HStack>
          <Button type="submit" colorPalette="teal" disabled={busy}>
            {busy ? "Checking..." : "Turn on"}
          </Button>
          <Button variant="outline" disabled={busy} onClick={() => actor.send({ type: "enrol.cancel" })}>
            Cancel
          </Button>
        </HStack>
      </Stack>
    </form>
  )
}

function RecoveryCodes({ actor }: { actor: Actor }) {
  const { recoveryCodes, mustSignInAgain } = useSelector(actor, (s) => s.context)
  const intro = useCatchLostFocus<HTMLParagraphElement>()
  return (
    <Stack gap="3">
      <Text ref={intro} tabIndex={-1} fontWeight="semibold">
        Recovery codes: each signs you in once if you lose your phone. They are shown only now.
      </Text>
      <List.Root as="ol" data-testid="recovery-codes" ps="5">
        {recoveryCodes.map((c) => (
          <List.Item key={c}>
            <Code>{c}</Code>
          </List.Item>
        ))}
      </List.Root>
      <Button alignSelf="start" colorPalette="teal" onClick={() => actor.send({ type: "codes.acknowledge" })}>
        {mustSignInAgain ? "I have saved them: sign in again" : "I have saved them"}
      </Button>
    </Stack>
  )
}

function Disabling({ actor }: { actor: Actor }) {
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  const formId = useId()
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        actor.send({ type: "disable.submit" })
      }}
    >
      <Stack gap="4">
        <Fields actor={actor} fields={disableFields} formId={formId} />
        <HStack>
          <Button type="submit" colorPalette="red" disabled={busy}>
            {busy ? "Turning off..." : "Turn off two-factor"}
          </Button>
          <Button variant="outline" disabled={busy} onClick={() => actor.send({ type: "disable.cancel" })}>
            Cancel
          </Button>
        </HStack>
      </Stack>
    </form>
  )
}

/** Where the card says whether two-factor is on; it catches focus lost when a step's form goes away. */
function StateText({ children }: { children: ReactNode }) {
  const ref = useCatchLostFocus<HTMLParagraphElement>()
  return (
    <Text ref={ref} tabIndex={-1} data-testid="two-factor-state">
      {children}
    </Text>
  )
}

/** The two-factor card: every state of the machine has its view; the view only reads and sends. */
export function TwoFactorPanel({ actor }: { actor: Actor }) {
  const snapshot = useSelector(actor, (s) => s)
  const { status, message } = snapshot.context
  return (
    <Card.Root maxW="2xl">
      <Card.Header>
        <Heading as="h2" size="md">
          Authenticator app (TOTP)
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          {snapshot.hasTag("busy") && !snapshot.matches("confirming") && !snapshot.matches({ disabling: "submitting" }) ? (
            <Spinner role="status" aria-label="Loading two-factor sign-in" />
          ) : null}
          {status?.required && !status.enabled ? (
            <Text role="status" fontWeight="semibold">
              Two-factor sign-in is required for Admin accounts. Set it up to continue.
            </Text>
          ) : null}
          {snapshot.matches("disabled") ? (
            <>
              <StateText>Two-factor sign-in is off.</StateText>
              <Button alignSelf="start" colorPalette="teal" onClick={() => actor.send({ type: "setup.start" })}>
                Set up two-factor
              </Button>
            </>
          ) : null}
          {snapshot.matches("enrolling") || snapshot.matches("confirming") ? <Enrolment actor={actor} /> : null}
          {snapshot.matches("showingCodes") ? <RecoveryCodes actor={actor} /> : null}
          {snapshot.matches("enabled") ? (
            <>
              <StateText>Two-factor sign-in is on. Recovery codes left: {status?.recoveryCodesLeft ?? 0}.</StateText>
              <Button alignSelf="start" variant="outline" onClick={() => actor.send({ type: "disable.open" })}>
                Turn off
              </Button>
            </>
          ) : null}
          {snapshot.matches("disabling") ? <Disabling actor={actor} /> : null}
          {snapshot.matches("failed") ? (
            <Button alignSelf="start" size="sm" onClick={() => actor.send({ type: "retry" })}>
              Try again
            </Button>
          ) : null}
          <FormMessage message={message} />
        </Stack>
      </Card.Body>
    </Card.Root>
  )
}
