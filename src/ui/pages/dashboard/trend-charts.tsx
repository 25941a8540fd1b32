import { Box, Button, Card, Heading, HStack, Skeleton, SimpleGrid, Stack, Text, chakra } from "@chakra-ui/react"
import { useActorRef, useSelector } from "@xstate/react"
import { useState } from "react"
import type { Role } from "../../../api/contract/common.ts"
import { dashboardTrends } from "../../../api/contract/dashboard/dashboard.endpoints.ts"
import { canCall } from "../../../api/contract/endpoint.ts"
import { TREND_PRESETS } from "../../../api/contract/dashboard/trend-weeks.ts"
import { trendsMachine } from "../../../machines/dashboard/trends.machine.ts"
import { PlainInput } from "../../components/plain-input.tsx"
import { TrendChart } from "./trend-chart.tsx"
import { TREND_CHARTS } from "./trend-series.ts"

/** A chart's place while its weeks load: the bars, their labels and the legend. */
const CHART_HEIGHT = "60"

/** The Admin's weekly trend charts with their range; other roles see nothing here. */
export function TrendCharts({ role }: { role: Role }) {
  if (!canCall(dashboardTrends.access, role)) return null
  return <AdminTrendCharts />
}

/** The range a link or a reload asks for (`/?from=2026-06-01&to=2026-11-30`), or none. */
const rangeInUrl = () => {
  const query = new URLSearchParams(window.location.search)
  return { from: query.get("from"), to: query.get("to") }
}

/** The range drawn, kept in the address without a new history entry; the default range leaves the address plain. */
function keepRangeInUrl(range: { from: string; to: string; isDefault: boolean }) {
  const url = new URL(window.location.href)
  if (range.isDefault) {
    url.searchParams.delete("from")
    url.searchParams.delete("to")
  } else {
    url.searchParams.set("from", range.from)
    url.searchParams.set("to", range.to)
  }
  if (url.href !== window.location.href) window.history.replaceState(window.history.state, "", url)
}

function AdminTrendCharts() {
  const [logic] = useState(() => trendsMachine.provide({ actions: { showRange: (_, range) => keepRangeInUrl(range) } }))
  const actor = useActorRef(logic, { input: rangeInUrl() })
  const { from, to, trends, error, rangeError } = useSelector(actor, (s) => s.context)
  const loading = useSelector(actor, (s) => s.hasTag("busy"))
  const failed = useSelector(actor, (s) => s.matches("failed"))
  const status = loading ? (trends ? "Updating the charts…" : "Loading the weekly trends…") : ""
  return (
    <Stack as="section" aria-labelledby="trends-heading" aria-busy={loading || undefined} gap="3">
      <HStack justify="space-between" align="end" wrap="wrap" gap="3">
        <Heading as="h2" size="md" id="trends-heading">
          Weekly trends
        </Heading>
        <HStack gap="3" align="end" wrap="wrap" role="group" aria-label="Range of weeks">
          <RangeField
            label="From"
            value={from}
            invalid={Boolean(rangeError)}
            onChange={(value) => actor.send({ type: "range.change", field: "from", value })}
          />
          <RangeField label="To" value={to} invalid={Boolean(rangeError)} onChange={(value) => actor.send({ type: "range.change", field: "to", value })} />
          <HStack gap="1">
            {TREND_PRESETS.map((weeks) => (
              <Button key={weeks} size="sm" variant="outline" onClick={() => actor.send({ type: "range.preset", weeks })}>
                {weeks} weeks
              </Button>
            ))}
          </HStack>
        </HStack>
      </HStack>
      {rangeError ? (
        <Text id="trends-range-error" role="alert" color="fg.error" fontSize="sm">
          {rangeError}
        </Text>
      ) : null}
      <Text role="status" fontSize="sm" color="fg.muted" minH="5">
        {status}
      </Text>
      {failed && error ? (
        <Box>
          <Text role="alert" color="fg.error">
            {error}
          </Text>
          <Button size="xs" variant="outline" mt="2" onClick={() => actor.send({ type: "trends.reload" })}>
            Try again
          </Button>
        </Box>
      ) : null}
      <SimpleGrid columns={{ base: 1, xl: 3 }} gap="4">
        {TREND_CHARTS.map((spec) => (
          <Card.Root
            key={spec.id}
            size="sm"
            as="figure"
            aria-labelledby={`trend-${spec.id}-title`}
            data-testid={`trend-${spec.id}`}
            opacity={loading && trends ? 0.6 : 1}
          >
            <Card.Body gap="2">
              <Stack gap="0">
                <Heading as="h3" size="sm" id={`trend-${spec.id}-title`}>
                  {spec.title}
                </Heading>
                <Text fontSize="xs" color="fg.muted">
                  {spec.description}
                </Text>
              </Stack>
              {trends ? <TrendChart spec={spec} weeks={trends.weeks} /> : <Skeleton h={CHART_HEIGHT} />}
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
    </Stack>
  )
}

function RangeField({ label, value, invalid, onChange }: { label: string; value: string; invalid: boolean; onChange: (value: string) => void }) {
  const id = `trends-${label.toLowerCase()}`
  return (
    <Stack gap="1">
      <chakra.label htmlFor={id} fontSize="sm" fontWeight="medium">
        {label}
      </chakra.label>
      <PlainInput
        id={id}
        type="date"
        size="sm"
        value={value}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? "trends-range-error" : undefined}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    </Stack>
  )
}
