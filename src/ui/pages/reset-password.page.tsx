import { Button, Link, Stack } from "@chakra-ui/react"
import { useActorRef, useSelector } from "@xstate/react"
import { Link as RouterLink } from "wouter"
import { navigate } from "wouter/use-browser-location"
import { resetPasswordMachine } from "../../machines/reset-password.machine.ts"
import { FormMessage } from "../components/form-message.tsx"
import { PasswordInput } from "../components/password-input.tsx"
import { AuthCard } from "./auth-card.tsx"

const machine = resetPasswordMachine.provide({ actions: { navigate: (_, { to }) => navigate(to, { replace: true }) } })

export default function ResetPasswordPage({ params }: { params: Record<string, string | undefined> }) {
  const actor = useActorRef(machine, { input: { token: params.token ?? "" } })
  const context = useSelector(actor, (s) => s.context)
  const busy = useSelector(actor, (s) => s.hasTag("busy") || s.matches("done"))
  return (
    <AuthCard title="Reset Password">
      <form
        onSubmit={(e) => {
          e.preventDefault()
          actor.send({ type: "reset.submit" })
        }}
      >
        <Stack gap="4">
          <PasswordInput
            label="New Password"
            name="password"
            value={context.password}
            visible={context.showPassword}
            autoComplete="new-password"
            onChange={(value) => actor.send({ type: "field.change", field: "password", value })}
            onToggle={() => actor.send({ type: "visibility.toggle", field: "password" })}
          />
          <PasswordInput
            label="Confirm Password"
            name="confirmPassword"
            value={context.confirmPassword}
            visible={context.showConfirm}
            autoComplete="new-password"
            onChange={(value) => actor.send({ type: "field.change", field: "confirmPassword", value })}
            onToggle={() => actor.send({ type: "visibility.toggle", field: "confirmPassword" })}
          />
          <FormMessage message={context.message} />
          <Button type="submit" colorPalette="teal" loading={busy} loadingText="Resetting..." aria-busy={busy}>
            Reset Password
          </Button>
          <Link asChild alignSelf="center" fontSize="sm">
            <RouterLink href="/login">Back to Login</RouterLink>
          </Link>
        </Stack>
      </form>
    </AuthCard>
  )
}
