import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import { Anchor, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';

/**
 * "By … you agree to our Terms and Conditions and Privacy Notice": said where an account is
 * started (/auth and the sign-up form), since the terms say creating an account accepts them.
 */
export function TermsNotice({ lead, centred = false }: { lead: string; centred?: boolean }) {
  return (
    <Text fz="sm" c="dimmed" {...(centred ? { ta: 'center' as const } : {})}>
      {lead} you agree to our{' '}
      <Anchor component={Link} to="/terms-and-conditions">
        Terms and Conditions
      </Anchor>{' '}
      and{' '}
      <Anchor component={Link} to="/terms-and-conditions" hash="privacy">
        Privacy Notice
      </Anchor>
      .
    </Text>
  );
}
