import { Heading, Link, SimpleGrid, Spinner, Stack, Text } from "@chakra-ui/react"
import { useActorRef, useSelector } from "@xstate/react"
import { Link as RouterLink } from "wouter"
import type { Role } from "../../../api/contract/common.ts"
import { canCall } from "../../../api/contract/endpoint.ts"
import { listBlogs } from "../../../api/contract/blogs/blog.endpoints.ts"
import { contentTotalsMachine, type ContentTotals as Totals } from "../../../machines/content/content-totals.machine.ts"

const CARDS: Array<{ key: keyof Totals; label: string; to: string }> = [
  { key: "experts", label: "Experts", to: "/experts" },
  { key: "testimonials", label: "Testimonials", to: "/testimonials" },
  { key: "blogs", label: "Total Blogs", to: "/blogs" },
  { key: "gallery", label: "Total Gallery", to: "/gallery" },
  { key: "press", label: "Press & Recognition", to: "/press-release-and-recognition" },
]

/** Admin and Editor: content totals, each linking to its list, with a spinner until loaded. */
export function ContentTotals({ role }: { role: Role }) {
  if (!canCall(listBlogs.access, role)) return null
  return <TotalsCards />
}

function TotalsCards() {
  const actor = useActorRef(contentTotalsMachine)
  const totals = useSelector(actor, (s) => s.context.totals)
  const error = useSelector(actor, (s) => s.context.error)
  return (
    <Stack gap="3" as="section" aria-labelledby="content-totals-heading">
      <Heading as="h2" size="md" id="content-totals-heading">
        Website content
      </Heading>
      {error ? (
        <Text role="alert" color="red.600">
          {error}
        </Text>
      ) : null}
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 5 }} gap="4">
        {CARDS.map((card) => (
          <Link
            key={card.key}
            asChild
            display="block"
            bg="bg"
            borderWidth="1px"
            rounded="lg"
            p="4"
            _hover={{ borderColor: "teal.500", textDecoration: "none" }}
            data-testid={`total-${card.key}`}
          >
            <RouterLink href={card.to}>
              <Text fontSize="sm" color="fg.muted">
                {card.label}
              </Text>
              {totals ? (
                <Text fontSize="2xl" fontWeight="bold" data-testid="total-value">
                  {totals[card.key]}
                </Text>
              ) : error ? (
                <Text fontSize="2xl">–</Text>
              ) : (
                <Spinner role="status" size="sm" mt="2" aria-label={`Loading ${card.label}`} />
              )}
            </RouterLink>
          </Link>
        ))}
      </SimpleGrid>
    </Stack>
  )
}
