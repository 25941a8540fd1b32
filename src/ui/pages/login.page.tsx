import { Button, HStack, Link, Stack, Text } from "@chakra-ui/react"
import { useId } from "react"
import { useActorRef, useSelector } from "@xstate/react"
import { navigate } from "wouter/use-browser-location"
import { loginMachine } from "../../machines/login.machine.ts"
import { publicConfigMachine } from "../../machines/public-config.machine.ts"
import { authActor } from "../app/auth-actor.ts"
import { FormMessage } from "../components/form-message.tsx"
import { PasswordInput } from "../components/password-input.tsx"
import { PlainField } from "../components/plain-field.tsx"
import { PlainInput } from "../components/plain-input.tsx"
import { PlainSwitch } from "../components/plain-switch.tsx"
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
  // 'Sign up here' leads where the server's PARTNER_SIGNUP_URL says (by default its own /partner-signup).
  const emailId = useId()
  const resetEmailId = useId()
  const codeId = useId()
  const codeHelpId = useId()
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
            <PlainField id={codeId} label="Authentication code">
              <PlainInput
                id={codeId}
                name="code"
                required
                aria-describedby={codeHelpId}
                // Numeric keyboard on phones, the browser's one-time-code autofill; recovery codes (letters) still fit.
                inputMode="numeric"
                autoComplete="one-time-code"
                autoFocus
                maxLength={16}
                value={context.code}
                onChange={(e) => actor.send({ type: "field.change", field: "code", value: e.target.value })}
              />
              <Text id={codeHelpId} textStyle="sm" color="fg.muted">
                The 6-digit code from your authenticator app, or one of your recovery codes.
              </Text>
            </PlainField>
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
          noValidate={false}
          onSubmit={(e) => {
            e.preventDefault()
            actor.send({ type: "reset.submit" })
          }}
        >
          <Stack gap="4">
            <PlainField id={resetEmailId} label="Email">
              <PlainInput
                id={resetEmailId}
                type="email"
                name="resetEmail"
                required
                autoComplete="email"
                value={context.resetEmail}
                onChange={(e) => actor.send({ type: "field.change", field: "resetEmail", value: e.target.value })}
              />
            </PlainField>
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
          <PlainField id={emailId} label="Email">
            <PlainInput
              id={emailId}
              required
              type="email"
              name="email"
              autoComplete="username"
              value={context.email}
              onChange={(e) => actor.send({ type: "field.change", field: "email", value: e.target.value })}
            />
          </PlainField>
          <PasswordInput
            label="Password"
            name="password"
            value={context.password}
            visible={context.showPassword}
            autoComplete="current-password"
            onChange={(value) => actor.send({ type: "field.change", field: "password", value })}
            onToggle={() => actor.send({ type: "password.toggleVisibility" })}
          />
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
