import { SemiCircleProgress, Stack, Text } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { pensionGaugeReading } from './pensionGaugeReading.ts';

export const PENSION_GAUGE_DEFAULT_LABEL = 'Pension paid this year';
const DEFAULT_SIZE = 240;
const MOVE_MS = 400;

export interface PensionGaugeProps {
  /** Pension paid in this tax year, in euro. */
  current: number;
  /** The most that earns tax relief this year, in euro (0 when there is no room yet). */
  max: number;
  /** Accessible name of the gauge. Default "Pension paid this year". */
  label?: string;
  /** Width of the semicircle in CSS pixels (its height is half). Default 240. */
  size?: number;
}

/**
 * The Overview's semicircle gauge of the pension paid this year over the most that earns tax
 * relief, in whole euro. It is a `meter` whose value text says it all in words, since the arc
 * alone means nothing to a screen reader; amounts over the maximum fill it and say by how much.
 */
export function PensionGauge({ current, max, label = PENSION_GAUGE_DEFAULT_LABEL, size = DEFAULT_SIZE }: PensionGaugeProps) {
  const reading = pensionGaugeReading(current, max);
  const reduceMotion = useReducedMotion();
  return (
    <Stack
      gap={2}
      align="center"
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(reading.fill)}
      aria-valuetext={reading.text}
      data-status={reading.status}
    >
      <SemiCircleProgress
        value={reading.fill}
        size={size}
        thickness={Math.max(8, Math.round(size / 14))}
        // teal.9 (the primary) against the gray.2 track is 4.2:1, above the 3:1 that graphics need.
        filledSegmentColor="var(--mantine-primary-color-filled)"
        transitionDuration={reduceMotion ? 0 : MOVE_MS}
        labelPosition="bottom"
        label={
          <Text component="span" fw={700} fz={size >= 200 ? 28 : 22} lh={1.1}>
            {reading.currentText}
          </Text>
        }
      />
      <Text size="sm" c="dimmed">
        of {reading.maxText} this year
      </Text>
      <Text size="sm" fw={600}>
        {reading.statusText}
      </Text>
    </Stack>
  );
}
