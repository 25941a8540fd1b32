import { Box, ColorSwatch, HStack, Span, Stack, Table, Text, useChakraContext } from "@chakra-ui/react"
import dayjs from "dayjs"
import { type CSSProperties, useState } from "react"
import type { TrendWeek } from "../../../api/contract/dashboard/dashboard.ts"
import { countTicks, labelledWeeks } from "./trend-scale.ts"
import type { TrendChartSpec, TrendSeries } from "./trend-series.ts"

const weekLabel = (week: string) => dayjs(week).format("D MMM")
const weekTitle = (week: string) => `Week of ${dayjs(week).format("D MMM YYYY")}`

/** Height of the bars' area; the week labels and the legend sit under it. */
const PLOT_PX = 180

/** What the pieces of one chart share: its weeks, each week's value per series, and the colours resolved once. */
interface ChartData {
  spec: TrendChartSpec
  weeks: readonly TrendWeek[]
  /** values[week][series] */
  values: number[][]
  /** Each series' colour as CSS (Chakra's token resolved), in the spec's order. */
  colors: string[]
}

/**
 * One trend chart and, under it, the same numbers as a table for keyboards and screen readers.
 *
 * The bars are plain boxes laid out by CSS in percentages of the plot, so drawing a chart measures nothing and
 * styles nothing one element at a time: a charting library (recharts) measured each label in the page and
 * kept a store of its own, and drawing the three charts was the dashboard's longest work after its first render.
 */
export function TrendChart({ spec, weeks }: { spec: TrendChartSpec; weeks: readonly TrendWeek[] }) {
  const system = useChakraContext()
  const color = (token: string) => String(system.token(`colors.${token}`, token))
  const data: ChartData = {
    spec,
    weeks,
    values: weeks.map((week) => spec.series.map((s) => s.value(week))),
    colors: spec.series.map((s) => color(s.color)),
  }
  return (
    <>
      {/* The table below is what keyboards and screen readers use, so the drawing is hidden from them. */}
      <Box aria-hidden="true" textStyle="xs" color="fg.muted" data-testid="trend-bars">
        <Plot data={data} gridLine={color("border.muted")} shade={color("bg.muted")} />
        <Legend series={spec.series} colors={data.colors} />
      </Box>
      <Numbers data={data} />
    </>
  )
}

/** The count axis, the bars of each week (side by side, or one stack), the week labels, and the tooltip of the week pointed at. */
function Plot({ data, gridLine, shade }: { data: ChartData; gridLine: string; shade: string }) {
  const { spec, weeks, values, colors } = data
  const [hovered, setHovered] = useState<number | null>(null)
  const stacked = spec.series.some((s) => s.stack)
  const totals = values.map((row) => row.reduce((a, b) => a + b, 0))
  const ticks = countTicks(Math.max(0, ...values.map((row, i) => (stacked ? totals[i]! : Math.max(0, ...row)))))
  const top = ticks.at(-1)!
  const share = (n: number) => `${(n / top) * 100}%`
  const labelled = labelledWeeks(weeks.length)
  return (
    <div style={{ display: "grid", gridTemplateColumns: "2.5rem 1fr", gridTemplateRows: `${PLOT_PX}px 1.5rem` }}>
      <div style={{ position: "relative" }}>
        {ticks.map((tick) => (
          <span key={tick} style={{ position: "absolute", right: "0.5rem", bottom: share(tick), transform: "translateY(50%)" }}>
            {tick.toLocaleString()}
          </span>
        ))}
      </div>
      <div style={{ position: "relative" }} onMouseLeave={() => setHovered(null)}>
        {ticks.map((tick) => (
          <div key={tick} style={{ position: "absolute", left: 0, right: 0, bottom: share(tick), borderTop: `1px solid ${gridLine}` }} />
        ))}
        <div style={{ position: "absolute", inset: 0, display: "flex" }}>
          {values.map((row, i) => (
            <div key={weeks[i]!.week} data-week={weeks[i]!.week} style={column(hovered === i ? shade : undefined)} onMouseEnter={() => setHovered(i)}>
              {stacked ? (
                <div style={{ ...stack, height: share(totals[i]!) }}>
                  {row.map((value, j) => (
                    <div key={spec.series[j]!.key} style={{ flex: `0 0 ${totals[i] ? (value / totals[i]!) * 100 : 0}%`, background: colors[j] }} />
                  ))}
                </div>
              ) : (
                <div style={sideBySide}>
                  {row.map((value, j) => (
                    <div key={spec.series[j]!.key} style={{ ...bar, height: share(value), background: colors[j] }} />
                  ))}
                </div>
              )}
            </div>
          ))}
        </div>
        {hovered !== null && weeks[hovered] ? <WeekTooltip data={data} index={hovered} /> : null}
      </div>
      <div style={{ gridColumn: 2, display: "flex" }}>
        {weeks.map((week, i) => (
          <div key={week.week} style={{ flex: "1 1 0", position: "relative" }}>
            {labelled.has(i) ? <span style={weekLabelPlace}>{weekLabel(week.week)}</span> : null}
          </div>
        ))}
      </div>
    </div>
  )
}

/** The week pointed at: its date and each series' number, beside the week on the side with more room. */
function WeekTooltip({ data, index }: { data: ChartData; index: number }) {
  const { spec, weeks, values, colors } = data
  return (
    <Stack
      data-testid="trend-tooltip"
      position="absolute"
      top="0"
      zIndex="1"
      pointerEvents="none"
      style={tooltipPlace(index, weeks.length)}
      minW="8rem"
      gap="1"
      rounded="l2"
      bg="bg.panel"
      color="fg"
      px="2.5"
      py="1"
      shadow="md"
    >
      <Text fontWeight="medium" whiteSpace="nowrap">
        {weekTitle(weeks[index]!.week)}
      </Text>
      {spec.series.map((s, j) => (
        <HStack key={s.key} gap="1.5">
          <ColorSwatch value={colors[j]!} boxSize="2" rounded="full" />
          <Span flex="1" color="fg.muted">
            {s.label}
          </Span>
          <Span fontWeight="medium">{values[index]![j]!.toLocaleString()}</Span>
        </HStack>
      ))}
    </Stack>
  )
}

function Legend({ series, colors }: { series: readonly TrendSeries[]; colors: string[] }) {
  return (
    <HStack justify="center" wrap="wrap" columnGap="3" rowGap="1" pt="3">
      {series.map((s, j) => (
        <HStack key={s.key} gap="1.5">
          <ColorSwatch value={colors[j]!} boxSize="2" />
          <Span>{s.label}</Span>
        </HStack>
      ))}
    </HStack>
  )
}

/**
 * The chart's numbers as a table, folded under the drawing: what keyboards and screen readers read. The table is
 * drawn once it is unfolded: folded, nobody can reach it, and its cells (a row per week) were most of the work of
 * drawing the three charts when their weeks arrived, a long task in the dashboard's load (issue 31).
 */
function Numbers({ data }: { data: ChartData }) {
  const [open, setOpen] = useState(false)
  return (
    <Box as="details" mt="2" onToggle={(event) => setOpen(event.currentTarget.hasAttribute("open"))}>
      <Text as="summary" fontSize="sm" color="fg.muted" cursor="pointer">
        Show the numbers
      </Text>
      {open ? <NumbersTable data={data} /> : null}
    </Box>
  )
}

function NumbersTable({ data }: { data: ChartData }) {
  const { spec, weeks, values } = data
  return (
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
          {weeks.map((week, i) => (
            <Table.Row key={week.week}>
              <Table.Cell>{weekTitle(week.week)}</Table.Cell>
              {values[i]!.map((value, j) => (
                <Table.Cell key={spec.series[j]!.key} textAlign="end">
                  {value}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  )
}

/** A week's column: its bars side by side (or one stack) on the axis, shaded while the pointer is over it. */
const column = (shade: string | undefined): CSSProperties => ({
  flex: "1 1 0",
  display: "flex",
  alignItems: "flex-end",
  justifyContent: "center",
  background: shade,
})

const stack: CSSProperties = { width: "70%", display: "flex", flexDirection: "column-reverse", borderRadius: "2px 2px 0 0", overflow: "hidden" }
const sideBySide: CSSProperties = { width: "80%", height: "100%", display: "flex", alignItems: "flex-end", justifyContent: "center", gap: "1px" }
const bar: CSSProperties = { flex: "1 1 0", maxWidth: "0.75rem", borderRadius: "2px 2px 0 0" }
const weekLabelPlace: CSSProperties = { position: "absolute", left: "50%", top: "0.375rem", transform: "translateX(-50%)", whiteSpace: "nowrap" }

/** The tooltip beside the week pointed at, on the side with more room. */
const tooltipPlace = (index: number, count: number): CSSProperties =>
  index < count / 2 ? { left: `calc(${((index + 1) / count) * 100}% + 0.5rem)` } : { right: `calc(${((count - index) / count) * 100}% + 0.5rem)` }
