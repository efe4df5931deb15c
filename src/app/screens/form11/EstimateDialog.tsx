import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ClaimNote } from '../../../../machines/form11Flow/form11Flow.view.ts';
import { formatEuro } from '../../../domain/money.ts';

export interface EstimateDialogProps {
  /** The year's estimated refund to show (euro), or null while there is none: the dialog is closed. */
  estimate: number | null;
  title: string;
  /** The sentence before the amount. */
  lead: string;
  /** The year's claim lines its limits cut, each explained in euro (the taxpayer view's notesOfYear). */
  notes?: readonly ClaimNote[];
  /** OK or Close: the machine goes on to the refund options. */
  onDismiss(): void;
}

/** The estimated refund (2 decimals) after an income declaration, or with no other income to declare. */
export function EstimateDialog({ estimate, title, lead, notes = [], onDismiss }: EstimateDialogProps) {
  if (estimate === null) return null;
  return (
    <Modal opened onClose={onDismiss} title={title} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        <Text>
          {lead}{' '}
          <Text span fw={700} data-testid="refund-estimate">
            {formatEuro(estimate, { keepZeroDecimals: true })}
          </Text>
          .{estimate < 0 ? ' The tax due on your other income is more than the tax you get back.' : ''}
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
