import { Box, Group, Text } from '@mantine/core';

export type BarSeries = {
  /** The key of each data point that holds this series' value. */
  name: string;
  label: string;
  /** A theme colour, as 'teal.7'. */
  color: string;
};

type Point = Record<string, string | number>;

export type BarChartProps = {
  data: Point[];
  /** The key of each data point that holds its label on the x axis. */
  dataKey: string;
  series: BarSeries[];
  h: number;
  withLegend?: boolean;
};

const AXIS_WIDTH = 36;
const LABEL_ROW = 22;
/** At most this many labels on the x axis; the others are left out (every bar keeps its tooltip). */
const MAX_X_LABELS = 12;

function colourVar(color: string): string {
  const [name, shade] = color.split('.');
  return shade ? `var(--mantine-color-${name}-${shade})` : `var(--mantine-color-${name}-filled)`;
}

/** Whole-number ticks from 0 to a round top at or above max: steps of 1, 2 or 5 times a power of ten. */
export function integerTicks(max: number, count = 4): number[] {
  if (max <= 0) return [0, 1];
  const rough = Math.max(1, max / count);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  const top = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  for (let v = 0; v <= top; v += step) ticks.push(v);
  return ticks;
}

function valueOf(point: Point, key: string): number {
  const v = point[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : 0;
}

/**
 * A bar chart of whole numbers drawn with plain elements: grouped bars, a y axis with round ticks and
 * grid lines, x labels and a legend. Enough for the app's small charts, where a charting library
 * would be the largest download of the page. The figure around it gives its summary to screen readers.
 */
export function BarChart({ data, dataKey, series, h, withLegend = false }: BarChartProps) {
  const max = data.reduce((m, p) => Math.max(m, ...series.map((s) => valueOf(p, s.name))), 0);
  const ticks = integerTicks(max);
  const top = ticks[ticks.length - 1] ?? 1;
  const labelEvery = Math.max(1, Math.ceil(data.length / MAX_X_LABELS));
  const plot = h - LABEL_ROW;

  return (
    <Box>
      <Box aria-hidden style={{ position: 'relative', height: h }}>
        {ticks.map((tick) => {
          const bottom = LABEL_ROW + (tick / top) * plot;
          return (
            <Box key={tick}>
              <Text
                size="xs"
                c="dimmed"
                style={{
                  position: 'absolute',
                  left: 0,
                  width: AXIS_WIDTH - 6,
                  textAlign: 'right',
                  bottom: bottom - 8,
                  lineHeight: '16px',
                }}
              >
                {tick}
              </Text>
              <Box
                style={{
                  position: 'absolute',
                  left: AXIS_WIDTH,
                  right: 0,
                  bottom,
                  borderTop: `1px ${tick === 0 ? 'solid' : 'dashed'} var(--mantine-color-gray-3)`,
                }}
              />
            </Box>
          );
        })}
        <Box
          style={{
            position: 'absolute',
            left: AXIS_WIDTH,
            right: 0,
            top: 0,
            bottom: 0,
            display: 'flex',
          }}
        >
          {data.map((point, i) => {
            const label = String(point[dataKey] ?? '');
            return (
              <Box
                key={`${label}-${i}`}
                style={{ flex: '1 1 0', minWidth: 0, display: 'flex', flexDirection: 'column' }}
              >
                <Box
                  style={{
                    height: plot,
                    display: 'flex',
                    alignItems: 'flex-end',
                    justifyContent: 'center',
                    gap: 2,
                    padding: '0 12%',
                  }}
                >
                  {series.map((s) => {
                    const value = valueOf(point, s.name);
                    return (
                      <Box
                        key={s.name}
                        title={`${label} · ${s.label}: ${value}`}
                        style={{
                          flex: '1 1 0',
                          maxWidth: 28,
                          height: `${(value / top) * 100}%`,
                          background: colourVar(s.color),
                          borderRadius: '3px 3px 0 0',
                        }}
                      />
                    );
                  })}
                </Box>
                <Text
                  size="xs"
                  c="dimmed"
                  ta="center"
                  truncate
                  style={{ lineHeight: `${LABEL_ROW}px`, height: LABEL_ROW }}
                >
                  {i % labelEvery === 0 ? label : ''}
                </Text>
              </Box>
            );
          })}
        </Box>
      </Box>
      {withLegend && (
        <Group gap="md" justify="center" mt="xs">
          {series.map((s) => (
            <Group key={s.name} gap={6} wrap="nowrap">
              <Box
                aria-hidden
                style={{ width: 12, height: 12, borderRadius: 2, background: colourVar(s.color) }}
              />
              <Text size="sm">{s.label}</Text>
            </Group>
          ))}
        </Group>
      )}
    </Box>
  );
}
