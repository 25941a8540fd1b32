import { Button, Link, Stack } from "@chakra-ui/react"
import { useActorRef, useSelector } from "@xstate/react"
import { useId } from "react"
import { Link as RouterLink } from "wouter"
import { navigate } from "wouter/use-browser-location"
import { resetPasswordFields, resetPasswordMachine } from "../../../machines/account/reset-password.machine.ts"
import { InputField } from "../../components/form/input-field.tsx"
import { useFieldFocus } from "../../components/form/use-field-focus.ts"
import { FormMessage } from "../../components/form-message.tsx"
import { AuthCard } from "./auth-card.tsx"

const machine = resetPasswordMachine.provide({ actions: { finished: () => navigate("/login", { replace: true }) } })

export default function ResetPasswordPage({ params }: { params: Record<string, string | undefined> }) {
  const actor = useActorRef(machine, { input: { extra: { token: params.token ?? "" } } })
  const context = useSelector(actor, (s) => s.context)
  const busy = useSelector(actor, (s) => s.hasTag("busy") || s.hasTag("saved") || s.matches("done"))
  const formId = useId()
  useFieldFocus(formId, context.focus)
  return (
    <AuthCard title="Reset Password">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          actor.send({ type: "form.submit" })
        }}
      >
        <Stack gap="4">
          {resetPasswordFields.map((spec) => (
            <InputField
              key={spec.name}
              formId={formId}
              spec={spec}
              value={context.values[spec.name] ?? ""}
              error={context.errors[spec.name]}
              visible={context.visible[spec.name]}
              disabled={busy}
              onChange={(value) => actor.send({ type: "field.change", field: spec.name, value })}
              onToggleVisible={() => actor.send({ type: "visibility.toggle", field: spec.name })}
            />
          ))}
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
