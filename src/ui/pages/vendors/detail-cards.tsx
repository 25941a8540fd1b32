import type { ReactNode } from "react"
import { Button, Card, DataList, Heading, Image, SimpleGrid, Stack, Text } from "@chakra-ui/react"
import { useActorRef } from "@xstate/react"
import { revealAccountNumberMachine, revealReasonField } from "../../../machines/vendors/reveal-account-number.machine.ts"
import { FormDialog } from "../../components/form/form-dialog.tsx"
import { FormField } from "../../components/form/form-field.tsx"
import type { Person } from "../../../api/contract/account/user.ts"
import { formatDate, orNA } from "../../components/format.ts"

export const VENDOR_DETAILS_UNAVAILABLE = "No vendor details available."

function InfoCard({ title, items }: { title: string; items: Array<[string, string | null | undefined, ReactNode?]> }) {
  return (
    <Card.Root size="sm">
      <Card.Header>
        <Heading as="h2" size="sm">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>
        <DataList.Root orientation="horizontal" size="sm">
          {items.map(([label, value, action]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel minW="36">{label}</DataList.ItemLabel>
              <DataList.ItemValue wordBreak="break-word" alignItems="center" gap="2" flexWrap="wrap">
                {orNA(value)}
                {value ? action : null}
              </DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
      </Card.Body>
    </Card.Root>
  )
}

function TextCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card.Root size="sm">
      <Card.Header>
        <Heading as="h2" size="sm">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  )
}

const hasAny = (group: Record<string, unknown> | undefined) => Object.values(group ?? {}).some((v) => typeof v === "string" && v.trim() !== "")

/** Details tab: About, Additional and Account Details cards, Brief Bio, Service Description, Proof of Certification. */
export function DetailCards({ vendor, certificate }: { vendor: Person; certificate: string | null }) {
  const reveal = useActorRef(revealAccountNumberMachine)
  const extra = vendor.AdditionalDetails ?? {}
  const documents = vendor.DocumentDetails ?? {}
  const account = vendor.AccountDetails ?? {}
  const about = (
    <InfoCard
      title="About"
      items={[
        ["Email", vendor.email],
        ["Phone", vendor.number],
        ["Role", vendor.role],
        ["Address", vendor.address],
        ["City", vendor.city],
        ["Pin Code", vendor.pinCode],
        ["State", vendor.state],
        ["Language", vendor.language],
        ["Organization", vendor.organizationName],
      ]}
    />
  )
  if (!hasAny(vendor.AdditionalDetails) && !hasAny(vendor.DocumentDetails) && !hasAny(vendor.AccountDetails)) {
    return (
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, lg: 3 }} gap="4">
          {about}
        </SimpleGrid>
        <Text color="fg.muted" data-testid="no-vendor-details">
          {VENDOR_DETAILS_UNAVAILABLE}
        </Text>
      </Stack>
    )
  }
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, lg: 3 }} gap="4">
        {about}
        <InfoCard
          title="Additional"
          items={[
            ["Experience", vendor.experience],
            ["Qualifications", extra.qualifications],
            ["Availability", extra.availability],
            ["Preferred Contact", vendor.preferredContactMethod],
            ["Business Registration No.", documents.registrationNumber],
            ["Certification Name", documents.certificationName],
            ["Issuing Authority", documents.issuingAuthority],
            ["Certification Number", documents.certificationNumber],
            ["Expiration Date", documents.expirationDate ? formatDate(documents.expirationDate) : null],
          ]}
        />
        <InfoCard
          title="Account Details"
          items={[
            ["Account Holder", account.accountHolderName],
            ["Bank Name", account.bankName],
            ["IFSC Code", account.ifscCode],
            [
              "Account Number",
              account.accountNumber,
              <Button key="reveal" size="xs" variant="outline" onClick={() => reveal.send({ type: "form.open", item: vendor })}>
                Reveal
              </Button>,
            ],
          ]}
        />
        <RevealAccountNumberDialog actor={reveal} name={vendor.name} />
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <TextCard title="Brief Bio">
          <Text whiteSpace="pre-wrap">{orNA(extra.briefBio)}</Text>
        </TextCard>
        <TextCard title="Service Description">
          <Text whiteSpace="pre-wrap">{orNA(extra.serviceDescription)}</Text>
        </TextCard>
      </SimpleGrid>
      <TextCard title="Proof of Certification">
        {certificate ? (
          <Image
            src={certificate}
            alt={`Proof of Certification of ${vendor.name}`}
            maxH="96"
            objectFit="contain"
            alignSelf="start"
            rounded="md"
            borderWidth="1px"
          />
        ) : (
          <Text color="fg.muted">No certificate uploaded.</Text>
        )}
      </TextCard>
    </Stack>
  )
}

/** Why the Admin needs the whole number; it shows under the dialog's message for a minute. */
function RevealAccountNumberDialog({ actor, name }: { actor: ReturnType<typeof useActorRef<typeof revealAccountNumberMachine>>; name: string }) {
  return (
    <FormDialog actor={actor} title={`Reveal ${name}'s account number`} submitLabel="Reveal" busyLabel="Revealing...">
      {({ formId, context, disabled, send }) => (
        <>
          <Text fontSize="sm" color="fg.muted">
            The full number is shown for one minute. Your reason is recorded in the access log.
          </Text>
          <FormField
            formId={formId}
            spec={revealReasonField}
            value={context.values["reason"] ?? ""}
            error={context.errors["reason"]}
            disabled={disabled}
            onChange={(value) => send({ type: "field.change", field: "reason", value })}
          />
        </>
      )}
    </FormDialog>
  )
}
