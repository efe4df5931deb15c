import { Anchor, Box, Group, List, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { Fragment, useDeferredValue, useMemo } from 'react';
import { directionOf, type Estimator, type RefundDirection, type RefundResult } from '../../../../machines/form11Flow/form11Flow.view.ts';
import type { Form11Category } from '../../../domain/catalogue.ts';
import type { Dayjs } from '../../../domain/dates.ts';
import { formatEuro } from '../../../domain/money.ts';
import { showFigures } from './figures.ts';
import { type FormChanges, useLiveValues } from './liveValues.ts';

/** Shown until what is entered makes a valid form (and whenever it stops being one). */
export const ESTIMATE_PROMPT = 'Fill in the form to see your estimate.';

export const DIRECTION_WORDS: Readonly<Record<RefundDirection, string>> = { taxBack: 'tax back', taxDue: 'tax due' };

export interface EstimatePanelProps {
  /** The engine's answer for what is entered so far (`calculateRefund`), or null before anything is entered. */
  result: RefundResult | null;
  /** Which way the category's money goes; words the heading before there is an estimate. */
  direction: RefundDirection;
  /** The claim year, named in the heading. */
  year: number;
  /** What the estimate is for, when a page shows several (the income's name); keeps each region's name unique. */
  subject?: string;
}

/**
 * The live estimate under a form: the amount, "how we got this" (the engine's explanation, the
 * rule, the year's figures, the basis of assessment for a married user, and the sources a user
 * can open: Revenue's pages as links and the Act sections) and the caveats. Presentational: it
 * shows a result, it does not compute one. Invalid or incomplete input shows a neutral prompt,
 * never NaN; an unsupported year says so.
 */
export function EstimatePanel({ result, direction, year, subject }: EstimatePanelProps) {
  const heading = `Estimated ${DIRECTION_WORDS[direction]} for ${year}`;
  const name = subject ? `${heading}: ${subject}` : heading;
  const summary = result?.ok ? `${name}: ${formatEuro(result.amount, { keepZeroDecimals: true })}` : promptFor(result);
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} bg="var(--mantine-color-gray-0)" component="section" aria-label={name}>
      <Stack gap="xs">
        <Text fw={600} fz="sm">
          {heading}
        </Text>
        {result?.ok ? (
          <EstimateDetails result={result} />
        ) : (
          <Text c="dimmed" fz="sm" data-testid="estimate-prompt">
            {promptFor(result)}
          </Text>
        )}
      </Stack>
      {/* One stable live region with a short summary: announced on change, without reading out every figure. */}
      <VisuallyHidden aria-live="polite" aria-atomic>
        {summary}
      </VisuallyHidden>
    </Paper>
  );
}

/** A year the engine has no figures for is worth saying; anything else is just "not finished yet". */
function promptFor(result: RefundResult | null): string {
  return result && !result.ok && result.error === 'unsupported-year' ? result.message : ESTIMATE_PROMPT;
}

function EstimateDetails({ result }: { result: Extract<RefundResult, { ok: true }> }) {
  const figures = showFigures(result.figures);
  return (
    <>
      <Group gap={8} align="baseline">
        <Text fz={28} fw={700} lh={1.1} data-testid="estimate-amount">
          {formatEuro(result.amount, { keepZeroDecimals: true })}
        </Text>
        <Text fz="sm" c="dimmed">
          {DIRECTION_WORDS[result.direction]}
        </Text>
      </Group>
      <Text fz="sm">
        <Text span fw={600} inherit>
          How we got this:{' '}
        </Text>
        {result.explanation}
      </Text>
      <Text fz="sm" c="dimmed">
        Rule: {result.rule}
      </Text>
      {figures.length > 0 ? (
        <Box>
          <Text fz="xs" c="dimmed" fw={600}>
            Figures used for {result.year}
          </Text>
          <Box component="dl" m={0} fz="xs" c="dimmed" style={{ display: 'flex', flexWrap: 'wrap', columnGap: 'var(--mantine-spacing-md)', rowGap: 2 }}>
            {figures.map((figure) => (
              <Box key={figure.name} style={{ display: 'flex', gap: 4 }}>
                <Box component="dt">{figure.label}</Box>
                <Box component="dd" m={0} fw={600}>
                  {figure.value}
                </Box>
              </Box>
            ))}
          </Box>
        </Box>
      ) : null}
      {result.basis ? (
        <Text fz="xs" c="dimmed">
          {result.basis}
        </Text>
      ) : null}
      <Box fz="xs" c="dimmed">
        <Text span fz="xs" fw={600}>
          Sources for {result.year}:{' '}
        </Text>
        {result.references.pages.map((page, index) => (
          <Fragment key={page.url}>
            {index > 0 ? ' · ' : null}
            <Anchor href={page.url} target="_blank" rel="noopener noreferrer" fz="xs" underline="always">
              {page.label}
            </Anchor>
          </Fragment>
        ))}
        {result.references.legislation.length > 0 ? ` · ${result.references.legislation.join('; ')}` : null}
      </Box>
      {result.caveats.length > 0 ? (
        <List size="xs" c="dimmed" spacing={2} aria-label="Caveats">
          {result.caveats.map((caveat) => (
            <List.Item key={caveat}>{caveat}</List.Item>
          ))}
        </List>
      ) : null}
    </>
  );
}

export interface LiveEstimateProps<T> {
  /** The form's change signal and its values (Mantine's). */
  changes: FormChanges;
  getValues: () => T;
  /** The category's own values out of the form's (a composite form holds several); default: all of them. */
  pick?: (values: T) => unknown;
  category: Form11Category;
  year: number;
  estimator: Estimator;
  today: () => Dayjs;
  subject?: string;
}

/**
 * The estimate for the values being typed, worked out in the browser by the taxpayer view with the
 * same engine the server runs: no request per keystroke. Deferred, so typing never waits for it.
 */
export function LiveEstimate<T>({ changes, getValues, pick, category, year, estimator, today, subject }: LiveEstimateProps<T>) {
  const values = useDeferredValue(useLiveValues(changes, getValues));
  const data = pick ? pick(values) : values;
  // `today` is read per calculation; the values are what change.
  const result = useMemo(() => estimator.estimate(category, year, data, today()), [estimator, category, year, data, today]);
  return <EstimatePanel result={result} direction={directionOf(category)} year={year} {...(subject ? { subject } : {})} />;
}
