import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ClaimNote } from '../../../../machines/form11Flow/form11Flow.view.ts';
import { formatMoney } from '../../../domain/money.ts';

export interface EstimateDialogProps {
  /** The year's estimated refund to show (euro), or null while there is none: the dialog is closed. */
  estimate: number | null;
  title: string;
  /** The tax year of the estimate. */
  year: number;
  /** What comes before the estimate's sentence, e.g. "No other income to declare." */
  prefix?: string;
  /** The year's claim lines its limits cut, each explained in euro (the taxpayer view's notesOfYear). */
  notes?: readonly ClaimNote[];
  /** OK or Close: the machine goes on to the refund options. */
  onDismiss(): void;
}

/**
 * The estimated refund (2 decimals) after an income declaration, or with no other income to declare.
 * Tax due on declared income can outweigh the reliefs: then it says what the user may owe, in the
 * Overview's words ("you may owe €240.00"), never a negative refund ("-€240.00").
 */
export function EstimateDialog({ estimate, title, year, prefix, notes = [], onDismiss }: EstimateDialogProps) {
  if (estimate === null) return null;
  const owes = estimate < 0;
  const before = prefix ? `${prefix} ` : '';
  return (
    <Modal opened onClose={onDismiss} title={title} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        <Text>
          {owes ? `${before}For ${year}, you may owe` : `${before}Your estimated refund for ${year} is`}{' '}
          <Text span fw={700} data-testid="refund-estimate">
            {formatMoney(Math.abs(estimate))}
          </Text>
          .{owes ? ' The tax due on your other income is more than the tax you get back.' : ''}
        </Text>
        {notes.map((line) => (
          <Text key={line.category} size="sm" c="dimmed" data-testid={`estimate-note-${line.category}`}>
            <Text span fw={600} inherit>
              {line.title}:
            </Text>{' '}
            {line.note}
          </Text>
        ))}
        <Group justify="flex-end">
          <Button onClick={onDismiss}>OK</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
