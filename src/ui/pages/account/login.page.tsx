import { Button, HStack, Link, Stack, Text } from "@chakra-ui/react"
import { useId } from "react"
import { useActorRef, useSelector } from "@xstate/react"
import { navigate } from "wouter/use-browser-location"
import { codeFields, loginFields, loginMachine, resetLinkFields } from "../../../machines/account/login.machine.ts"
import { publicConfigMachine } from "../../../machines/partner/public-config.machine.ts"
import { authActor } from "../../app/auth-actor.ts"
import { FormMessage } from "../../components/form-message.tsx"
import { InputField } from "../../components/form/input-field.tsx"
import { useFieldFocus } from "../../components/form/use-field-focus.ts"
import { PlainSwitch } from "../../components/plain-switch.tsx"
import { AuthCard } from "./auth-card.tsx"

const machine = loginMachine.provide({
  actions: {
    signedIn: (_, { answer, remember }) =>
      authActor.send({
        type: "auth.signedIn",
        accessToken: answer.data.accessToken,
        refreshToken: answer.data.refreshToken,
        user: answer.data.user,
        remember,
        mustEnrolTwoFactor: answer.data.twoFactorSetupRequired === true,
      }),
    navigate: (_, { to }) => navigate(to, { replace: true }),
  },
})

export default function LoginPage() {
  const actor = useActorRef(machine)
  const context = useSelector(actor, (s) => s.context)
  const resetMode = useSelector(actor, (s) => s.matches("reset"))
  const codeMode = useSelector(actor, (s) => s.matches("code"))
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  const formId = useId()
  useFieldFocus(formId, context.focus)
  const field = (spec: (typeof loginFields)[number], inputProps?: Record<string, unknown>) => (
    <InputField
      formId={formId}
      spec={spec}
      value={context[spec.name as "email" | "password" | "resetEmail" | "code"]}
      error={context.errors[spec.name]}
      visible={spec.name === "password" ? context.showPassword : undefined}
      inputProps={inputProps}
      onChange={(value) => actor.send({ type: "field.change", field: spec.name as "email" | "password" | "resetEmail" | "code", value })}
      onToggleVisible={() => actor.send({ type: "password.toggleVisibility" })}
    />
  )
  // 'Sign up here' leads where the server's PARTNER_SIGNUP_URL says (by default its own /partner-signup).
  const partnerSignupUrl = useSelector(useActorRef(publicConfigMachine), (s) => s.context.partnerSignupUrl)

  if (codeMode) {
    return (
      <AuthCard title="Two-factor sign-in">
        <form
          // A form of its own (not the login form's nodes reused), so the code field mounts and takes focus.
          key="code"
          noValidate
          onSubmit={(e) => {
            e.preventDefault()
            actor.send({ type: "code.submit" })
          }}
        >
          <Stack gap="4">
            {field(codeFields[0]!, {
              // Numeric keyboard on phones, the browser's one-time-code autofill; recovery codes (letters) still fit.
              inputMode: "numeric",
              autoFocus: true,
              maxLength: 16,
            })}
            <FormMessage message={context.message} />
            <Button type="submit" colorPalette="teal" loading={busy} loadingText="Verifying..." aria-busy={busy}>
              Verify
            </Button>
            <Link as="button" type="button" alignSelf="center" onClick={() => actor.send({ type: "code.back" })}>
              Back to Login
            </Link>
          </Stack>
        </form>
      </AuthCard>
    )
  }

  if (resetMode) {
    return (
      <AuthCard title="Reset Password">
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault()
            actor.send({ type: "reset.submit" })
          }}
        >
          <Stack gap="4">
            {field(resetLinkFields[0]!)}
            <FormMessage message={context.message} />
            <Button type="submit" colorPalette="teal" loading={busy} loadingText="Sending..." aria-busy={busy}>
              Reset Password
            </Button>
            <Link as="button" type="button" alignSelf="center" onClick={() => actor.send({ type: "reset.back" })}>
              Back to Login
            </Link>
          </Stack>
        </form>
      </AuthCard>
    )
  }

  return (
    <AuthCard title="Login">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          actor.send({ type: "login.submit" })
        }}
      >
        <Stack gap="4">
          {field(loginFields[0]!)}
          {field(loginFields[1]!)}
          <HStack justify="space-between">
            <PlainSwitch label="Remember Me" checked={context.remember} onChange={() => actor.send({ type: "remember.toggle" })} />
            <Link as="button" type="button" fontSize="sm" onClick={() => actor.send({ type: "reset.open" })}>
              Forgot Password?
            </Link>
          </HStack>
          <FormMessage message={context.message} />
          <Button type="submit" colorPalette="teal" loading={busy} loadingText="Logging in..." aria-busy={busy}>
            Login
          </Button>
          <Text fontSize="sm" textAlign="center">
            Want to become a partner?{" "}
            <Link href={partnerSignupUrl} target="_blank" rel="noopener noreferrer" colorPalette="teal">
              Sign up here
            </Link>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  )
}
