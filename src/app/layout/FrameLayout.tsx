import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import { Anchor, Box, Button, Group, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { BottomBar } from './BottomBar.tsx';
import classes from './FrameLayout.module.css';

// While a dialog locks the page's scrolling, its scroll bar's width is added to the right of the
// fixed bars (react-remove-scroll-bar, which Mantine's Modal uses, styles this class), so they do not shift.
const SCROLL_BAR_OFFSET = 'right-scroll-bar-position';

/**
 * The layout of every signed-in page (spec section 2, Layout): the top bar, the routed content and
 * the mobile bottom bar. Shared by the frame (SignedInFrame) and the shell painted while the stored
 * session is checked (SignedInShell), so the page does not move when one replaces the other.
 */
export function FrameLayout({ top, children }: { top: ReactNode; children: ReactNode }) {
  return (
    <>
      <header className={`${classes.header} ${SCROLL_BAR_OFFSET}`}>{top}</header>
      <main className={classes.main}>{children}</main>
      <Box component="footer" hiddenFrom="sm" className={`${classes.footer} ${SCROLL_BAR_OFFSET}`}>
        <BottomBar />
      </Box>
    </>
  );
}

/** Top bar: the logo, Tax Refund and Bank Accounts on desktop, and the account menu (`account`) on every size. */
export function TopBarLayout({ account }: { account: ReactNode }) {
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Anchor component={Link} to="/landing" underline="never" c="inherit" aria-label="MaxOut overview">
        <Text fw={800} fz="xl">
          Max<Text span inherit c="teal.9">Out</Text>
        </Text>
      </Anchor>
      <Group gap="xs" wrap="nowrap">
        <Group gap="xs" component="nav" aria-label="Main" visibleFrom="sm">
          <Button component={Link} to="/tax-refund-options" variant="subtle">
            Tax Refund
          </Button>
          <Button component={Link} to="/linked-bank-accounts" variant="subtle">
            Bank Accounts
          </Button>
        </Group>
        {account}
      </Group>
    </Group>
  );
}
