import type { ReactNode } from "react"
import { Badge, Box, Button, Card, Center, DataList, Heading, HStack, Image, SimpleGrid, Spinner, Stack, Text } from "@chakra-ui/react"
import { useActorRef, useSelector } from "@xstate/react"
import type { ActorRefFrom } from "xstate"
import type { Person } from "../../../api/contract/account/user.ts"
import { profileMachine } from "../../../machines/account/profile.machine.ts"
import { authActor } from "../../app/auth-actor.ts"
import { BlobImage } from "../../components/blob-image.tsx"
import defaultAvatar from "../../components/default-avatar.svg"
import { formatDate, orNA } from "../../components/format.ts"
import { StatusBadge } from "../../components/status-badge.tsx"
import { EmailText } from "../../components/email-text.tsx"
import { CalendarFeedCard } from "./calendar-feed-card.tsx"
import { TimeZoneCard } from "./time-zone-card.tsx"
import { isVendorRole } from "../../../api/contract/common.ts"
import { FoldedRecordHistory } from "../../components/record-history.tsx"
import { Link as RouterLink } from "wouter"
import { ProfileChangeCard } from "../vendors/profile-change-card.tsx"

/** Spec section 9: the profile avatar is 170 px. */
const AVATAR_PX = "170px"

const machine = profileMachine.provide({ actions: { logout: () => authActor.send({ type: "auth.logout" }) } })

/** Public uploads are stored by name; a full address (or path) is used as it is. */
const imageUrl = (name: string | null | undefined) => (!name ? null : /^(https?:)?\//.test(name) ? name : `/uploads/${name}`)

function Section({ title, items }: { title: string; items: Array<[string, ReactNode]> }) {
  return (
    <Card.Root size="sm">
      <Card.Header>
        <Heading as="h2" size="md">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>
        <DataList.Root orientation="horizontal" size="sm">
          {items.map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel minW="44">{label}</DataList.ItemLabel>
              <DataList.ItemValue whiteSpace="pre-wrap" wordBreak="break-word">
                {value}
              </DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
      </Card.Body>
    </Card.Root>
  )
}

function ProfileHeader({ profile }: { profile: Person }) {
  const avatar = imageUrl(profile.AdditionalDetails?.profileImg)
  return (
    <Card.Root>
      <Card.Body>
        <Stack direction={{ base: "column", md: "row" }} gap="6" align={{ base: "center", md: "center" }}>
          <Image
            src={avatar ?? defaultAvatar}
            alt={avatar ? `${profile.name}'s profile picture` : "Default avatar"}
            width={AVATAR_PX}
            height={AVATAR_PX}
            minW={AVATAR_PX}
            rounded="full"
            objectFit="cover"
            data-testid="profile-avatar"
          />
          <Stack gap="2" textAlign={{ base: "center", md: "start" }}>
            <Heading as="h1" size="2xl">
              {profile.name}
            </Heading>
            <HStack gap="2" justify={{ base: "center", md: "start" }}>
              <Badge colorPalette="teal" data-testid="profile-role">
                {profile.role}
              </Badge>
              <StatusBadge status={profile.status} />
            </HStack>
            <Text>
              <EmailText email={profile.email} />
            </Text>
            <Text>{orNA(profile.number)}</Text>
            {isVendorRole(profile.role) ? (
              <Box>
                <Button asChild size="sm" colorPalette="teal" variant="outline">
                  <RouterLink href="/profile/edit">Edit Profile</RouterLink>
                </Button>
              </Box>
            ) : null}
          </Stack>
        </Stack>
      </Card.Body>
    </Card.Root>
  )
}

function Certificate({ actor }: { actor: ActorRefFrom<typeof machine> }) {
  const snapshot = useSelector(actor, (s) => s)
  const { certificate, certificateError, profile } = snapshot.context
  return (
    <Card.Root size="sm">
      <Card.Header>
        <Heading as="h2" size="md">
          Certification Proof
        </Heading>
      </Card.Header>
      <Card.Body>
        {snapshot.matches({ ready: "loadingCertificate" }) ? <Spinner role="status" aria-label="Loading certification image" /> : null}
        {certificate ? (
          <BlobImage blob={certificate} alt={`Certification proof of ${profile?.name ?? ""}`} maxH="md" objectFit="contain" rounded="md" borderWidth="1px" />
        ) : null}
        {certificateError ? <Text color="red.600">{certificateError}</Text> : null}
        {snapshot.matches({ ready: "noCertificate" }) ? <Text color="fg.muted">N/A</Text> : null}
      </Card.Body>
    </Card.Root>
  )
}

export default function ProfilePage() {
  const actor = useActorRef(machine)
  const snapshot = useSelector(actor, (s) => s)
  const { profile, error } = snapshot.context
  if (snapshot.hasTag("busy") || snapshot.matches("signedOut")) {
    return (
      <Center py="20" aria-busy="true">
        <Spinner role="status" size="lg" aria-label="Loading profile" />
      </Center>
    )
  }
  if (snapshot.matches("failed") || !profile) {
    return (
      <Stack gap="3" align="start">
        <Heading as="h1" size="lg">
          Profile
        </Heading>
        <Text role="alert" color="red.600">
          {error}
        </Text>
        <Button size="sm" onClick={() => actor.send({ type: "profile.reload" })}>
          Try again
        </Button>
      </Stack>
    )
  }
  const a = profile.AdditionalDetails ?? {}
  const d = profile.DocumentDetails ?? {}
  const b = profile.AccountDetails ?? {}
  return (
    <Stack gap="5" maxW="6xl">
      <ProfileHeader profile={profile} />
      {isVendorRole(profile.role) ? <ProfileChangeCard vendorId={null} /> : null}
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5">
        <Section
          title="Personal Details"
          items={[
            ["Address", orNA(profile.address)],
            ["City", orNA(profile.city)],
            ["Pin Code", orNA(profile.pinCode)],
            ["State", orNA(profile.state)],
            ["Language", orNA(profile.language)],
            ["Experience", orNA(profile.experience)],
            ["Preferred Contact Method", orNA(profile.preferredContactMethod)],
            ["Business Name", orNA(profile.organizationName)],
          ]}
        />
        <Section
          title="Documents"
          items={[
            ["Registration Number", orNA(d.registrationNumber)],
            ["Qualifications", orNA(a.qualifications)],
            ["Certification Name", orNA(d.certificationName)],
            ["Issuing Authority", orNA(d.issuingAuthority)],
            ["Certification Number", orNA(d.certificationNumber)],
            ["Expiration Date", formatDate(d.expirationDate)],
          ]}
        />
        <Section
          title="Bank Details"
          items={[
            ["Account Holder", orNA(b.accountHolderName)],
            ["Bank", orNA(b.bankName)],
            ["IFSC", orNA(b.ifscCode)],
            ["Account Number", orNA(b.accountNumber)],
          ]}
        />
        <Section
          title="About"
          items={[
            ["Availability", orNA(a.availability)],
            ["Brief Bio", orNA(a.briefBio)],
            ["Service Description", orNA(a.serviceDescription)],
          ]}
        />
      </SimpleGrid>
      <Box>
        <Certificate actor={actor} />
      </Box>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5">
        <TimeZoneCard vendor={isVendorRole(profile.role)} />
        {profile.role === "Admin" || profile.role === "Editor" ? null : <CalendarFeedCard />}
      </SimpleGrid>
      {/* Only Admins read the event log (issue 25): their own account's history, as every other record has. */}
      {profile.role === "Admin" ? <FoldedRecordHistory entityType="user" entityId={profile._id} workflow={{ id: "account" }} /> : null}
    </Stack>
  )
}
