import { useRef } from "react"
import { Box, Button, Center, Heading, HStack, Menu, Portal, Spinner, Stack, Tabs, Text } from "@chakra-ui/react"
import { useActorRef, useSelector } from "@xstate/react"
import { menuStatuses, vendorDetailsMachine } from "../../../machines/vendors/vendor-details.machine.ts"
import { StatusBadge } from "../../components/status-badge.tsx"
import { notify } from "../../components/toaster.tsx"
import { statusLabel } from "./status-label.ts"
import { DetailCards } from "./detail-cards.tsx"
import { RecordHistory } from "../../components/record-history.tsx"
import type { VendorTab } from "../../../machines/vendors/vendor-details.machine.ts"
import { StatusHistory } from "./status-history.tsx"
import { VendorSessions } from "./vendor-sessions.tsx"
import { useMenuFocusReturn } from "../../components/menu-focus-return.ts"
import { CurrentStateDiagram } from "../../components/current-state-diagram.tsx"
import { needsConfirmation, statusConfirmation, vendorStatusMachine, vendorStatusStateId } from "../../../machines/vendors/vendor-status.machine.ts"
import { ConfirmDialog } from "../../components/confirm-dialog.tsx"
import { ProfileChangeCard } from "./profile-change-card.tsx"
import { CHANGE_APPROVED } from "../../../api/contract/vendors/profile-change.ts"

const tabOf = (value: string): VendorTab => (value === "sessions" || value === "history" ? value : "details")

const machine = vendorDetailsMachine.provide({ actions: { notify: (_, p) => notify(p.text, p.tone) } })

/** Vendor Details (spec section 2): status badge and menu, Details and Sessions tabs, and the History section. */
export default function VendorDetailsPage({ params }: { params: Record<string, string | undefined> }) {
  // A new vendor id is a new page: a fresh machine, nothing carried over from the previous vendor.
  return <VendorDetails key={params.userId} userId={params.userId ?? ""} />
}

function VendorDetails({ userId }: { userId: string }) {
  const actor = useActorRef(machine, { input: { userId } })
  const snapshot = useSelector(actor, (s) => s)
  const { vendor, certificate, statusError } = snapshot.context
  const changeStatus = useRef<HTMLButtonElement>(null)
  const returnFocus = useMenuFocusReturn(changeStatus)
  if (snapshot.matches("notFound")) return <Message text="No vendor details found." />
  if (snapshot.matches("failed")) {
    return (
      <Stack gap="3" align="start">
        <Text role="alert" color="red.600">
          {snapshot.context.error}
        </Text>
        <Button size="sm" variant="outline" onClick={() => actor.send({ type: "vendor.reload" })}>
          Try again
        </Button>
      </Stack>
    )
  }
  if (!snapshot.matches("ready") || !vendor) {
    return (
      <Center py="20" aria-busy="true">
        <Spinner role="status" size="lg" aria-label="Loading" />
      </Center>
    )
  }
  const options = menuStatuses(vendor)
  const menuOpen = snapshot.matches({ ready: { menu: "open" } })
  const updating = snapshot.hasTag("updating")
  const tab: VendorTab = snapshot.matches({ ready: { tab: "sessions" } }) ? "sessions" : snapshot.matches({ ready: { tab: "history" } }) ? "history" : "details"
  const chosen = snapshot.context.chosenStatus
  const confirmation =
    snapshot.matches({ ready: { menu: "confirming" } }) && chosen && needsConfirmation(chosen) ? statusConfirmation(vendor.name, chosen) : null
  return (
    <Stack gap="6">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <HStack gap="3" wrap="wrap">
          <Heading as="h1" size="lg">
            {vendor.name}
          </Heading>
          <StatusBadge status={vendor.status} />
        </HStack>
        {options.length > 0 ? (
          <Menu.Root
            open={menuOpen}
            closeOnSelect={false}
            onOpenChange={(e) => actor.send({ type: e.open ? "menu.open" : "menu.close" })}
            onExitComplete={returnFocus}
          >
            <Menu.Trigger asChild>
              <Button ref={changeStatus} size="sm" colorPalette="teal" loading={updating} aria-busy={updating} loadingText="Updating...">
                Change Status
              </Button>
            </Menu.Trigger>
            <Portal>
              <Menu.Positioner>
                <Menu.Content>
                  {options.map((status) => (
                    <Menu.Item key={status} value={status} onSelect={() => actor.send({ type: "status.select", status })}>
                      {statusLabel(status)}
                    </Menu.Item>
                  ))}
                </Menu.Content>
              </Menu.Positioner>
            </Portal>
          </Menu.Root>
        ) : null}
      </HStack>
      {statusError ? (
        <Text role="alert" color="red.600">
          {statusError}
        </Text>
      ) : null}
      <ProfileChangeCard
        vendorId={vendor._id}
        onDecided={() => {
          notify(CHANGE_APPROVED, "success")
          actor.send({ type: "vendor.reload" })
        }}
      />
      <Tabs.Root value={tab} onValueChange={(e) => actor.send({ type: "tab.select", tab: tabOf(e.value) })} variant="enclosed">
        <Tabs.List>
          <Tabs.Trigger value="details">Details</Tabs.Trigger>
          <Tabs.Trigger value="sessions">Sessions</Tabs.Trigger>
          <Tabs.Trigger value="history">History</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="details">
          <DetailCards vendor={vendor} certificate={certificate} />
        </Tabs.Content>
        <Tabs.Content value="sessions">
          <VendorSessions
            sessions={snapshot.context.sessions}
            error={snapshot.context.sessionsError}
            loading={snapshot.matches({ ready: { sessions: "loading" } })}
          />
        </Tabs.Content>
        <Tabs.Content value="history">
          {tab === "history" ? (
            <RecordHistory entityType="user" entityId={vendor._id} workflow={{ id: "vendor-status", stateId: vendorStatusStateId(vendor.status) }} />
          ) : null}
        </Tabs.Content>
      </Tabs.Root>
      <Box>
        <StatusHistory history={snapshot.context.history} error={snapshot.context.historyError} loading={snapshot.matches({ ready: { history: "loading" } })} />
      </Box>
      <ConfirmDialog
        open={confirmation !== null}
        title={confirmation?.title}
        question={confirmation?.question ?? ""}
        confirmLabel={confirmation?.confirmLabel}
        onConfirm={() => actor.send({ type: "status.confirm" })}
        onCancel={() => actor.send({ type: "status.cancel" })}
      />
      <CurrentStateDiagram
        machine={vendorStatusMachine}
        workflowId="vendor-status"
        stateId={vendorStatusStateId(vendor.status)}
        label={`Status diagram, current status ${statusLabel(vendor.status)}`}
      />
    </Stack>
  )
}

function Message({ text }: { text: string }) {
  return (
    <Text color="fg.muted" py="6" data-testid="vendor-message">
      {text}
    </Text>
  )
}
