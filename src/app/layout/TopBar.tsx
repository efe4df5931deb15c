import { Anchor, Button, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { authView } from '../../../machines/auth/auth.view.ts';
import { useAuthActor } from '../actors.tsx';

/** Top bar: Tax Refund and Bank Accounts on desktop (spec section 2, Layout); the account menu on every size. */
export function TopBar() {
  const auth = useAuthActor();
  const { accountLabel } = useSelector(auth, authView);
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
        {/* The account menu shows on phones too: it is the only way to log out there. */}
        <Menu position="bottom-end" width={200}>
          <Menu.Target>
            <UnstyledButton aria-label={`Account menu: ${accountLabel}`} px="sm" py={6} style={{ borderRadius: 8 }} fw={600}>
              {accountLabel} ▾
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item component={Link} to="/profile">
              Profile
            </Menu.Item>
            <Menu.Item component={Link} to="/pension-info">
              Pension Setup
            </Menu.Item>
            <Menu.Item component={Link} to="/settings">
              Settings
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item color="red" onClick={() => auth.send({ type: 'logout' })}>
              Logout
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Group>
  );
}
