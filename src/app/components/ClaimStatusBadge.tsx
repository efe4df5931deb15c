import '@mantine/core/styles/Badge.css';
import { Badge, type BadgeProps } from '@mantine/core';
import { CLAIM_STATUS_COLOURS, type ClaimStatus } from '../../domain/schemas/form11Entry.ts';

/**
 * A claim's or a category's status: the spec's yellow, green and red, filled in shades whose text
 * passes AA contrast (a light yellow badge with yellow text is 2.7:1, so dark text on yellow).
 * Never cut: Mantine ends a label that does not fit with an ellipsis ("PEN…"), so the badge keeps
 * its word's width and the column around it gives way instead.
 */
const STATUS: Record<ClaimStatus, { label: string; color: string; text: string }> = {
  pending: { label: 'Pending', color: `${CLAIM_STATUS_COLOURS.pending}.4`, text: 'black' },
  approved: { label: 'Approved', color: `${CLAIM_STATUS_COLOURS.approved}.3`, text: 'black' },
  rejected: { label: 'Rejected', color: `${CLAIM_STATUS_COLOURS.rejected}.9`, text: 'white' },
};

export function ClaimStatusBadge({ status, size }: { status: ClaimStatus; size?: BadgeProps['size'] }) {
  const { label, color, text } = STATUS[status];
  return (
    <Badge color={color} c={text} variant="filled" size={size} style={{ flexShrink: 0, maxWidth: 'none' }} styles={{ label: { overflow: 'visible' } }}>
      {label}
    </Badge>
  );
}
