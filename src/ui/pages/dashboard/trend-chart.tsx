import { Chart, useChart } from "@chakra-ui/charts"
import { Box, Table, Text } from "@chakra-ui/react"
import dayjs from "dayjs"
import { useEffect } from "react"
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from "recharts"
import type { TrendWeek } from "../../../api/contract/dashboard/dashboard.ts"
import type { TrendChartSpec } from "./trend-series.ts"

const weekLabel = (week: string) => dayjs(week).format("D MMM")
const weekTitle = (week: string) => `Week of ${dayjs(week).format("D MMM YYYY")}`

/**
 * One trend chart (recharts through Chakra's chart kit, loaded with this file only when the dashboard draws
 * it) and, under it, the same numbers as a table for keyboards and screen readers.
 */
export default function TrendChart({ spec, weeks, onDrawn }: { spec: TrendChartSpec; weeks: readonly TrendWeek[]; onDrawn?: () => void }) {
  useEffect(() => onDrawn?.(), [onDrawn])
  const rows = weeks.map((week) => ({ week: week.week, ...Object.fromEntries(spec.series.map((s) => [s.key, s.value(week)])) }))
  const chart = useChart<Record<string, string | number>>({
    data: rows,
    series: spec.series.map((s) => ({ name: s.key, label: s.label, color: s.color, stackId: s.stack })),
  })
  return (
    <>
      <Chart.Root h="60" chart={chart} aria-hidden="true">
        {/* The table below is what keyboards and screen readers use, so the drawing takes no focus. */}
        <BarChart data={chart.data} barGap={1} responsive accessibilityLayer={false}>
          <CartesianGrid stroke={chart.color("border.muted")} vertical={false} />
          <XAxis dataKey={chart.key("week")} tickFormatter={weekLabel} axisLine={false} tickLine={false} minTickGap={12} />
          <YAxis allowDecimals={false} axisLine={false} tickLine={false} width={40} />
          <Tooltip
            cursor={{ fill: chart.color("bg.muted") }}
            animationDuration={100}
            labelFormatter={(week) => weekTitle(String(week))}
            content={<Chart.Tooltip />}
          />
          <Legend content={<Chart.Legend />} itemSorter={null} />
          {chart.series.map((item) => (
            <Bar key={String(item.name)} isAnimationActive={false} dataKey={chart.key(item.name)} fill={chart.color(item.color)} stackId={item.stackId} />
          ))}
        </BarChart>
      </Chart.Root>
      <Box as="details" mt="2">
        <Text as="summary" fontSize="sm" color="fg.muted" cursor="pointer">
          Show the numbers
        </Text>
        <Box overflowX="auto" mt="2" tabIndex={0} aria-label={`${spec.title}: numbers per week`}>
          <Table.Root size="sm" data-testid={`trend-table-${spec.id}`}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Week</Table.ColumnHeader>
                {spec.series.map((s) => (
                  <Table.ColumnHeader key={s.key} textAlign="end">
                    {s.label}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {weeks.map((week) => (
                <Table.Row key={week.week}>
                  <Table.Cell>{weekTitle(week.week)}</Table.Cell>
                  {spec.series.map((s) => (
                    <Table.Cell key={s.key} textAlign="end">
                      {s.value(week)}
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      </Box>
    </>
  )
}
