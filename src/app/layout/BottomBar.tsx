import { Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { BankIcon, HomeIcon, ProfileIcon, RefundIcon, SettingsIcon } from './icons.tsx';

const items: { to: '/landing' | '/linked-bank-accounts' | '/tax-refund-options' | '/profile' | '/settings'; label: string; icon: ReactNode }[] = [
  { to: '/landing', label: 'Overview', icon: <HomeIcon /> },
  { to: '/linked-bank-accounts', label: 'Accounts', icon: <BankIcon /> },
  { to: '/tax-refund-options', label: 'Refund', icon: <RefundIcon /> },
  { to: '/profile', label: 'Profile', icon: <ProfileIcon /> },
  { to: '/settings', label: 'Settings', icon: <SettingsIcon /> },
];

/** Mobile bottom bar (spec section 2, Layout): five destinations. */
export function BottomBar() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return (
    <Group component="nav" aria-label="Main" h="100%" justify="space-around" wrap="nowrap" gap={0}>
      {items.map((item) => {
        const current = pathname === item.to;
        return (
          <UnstyledButton
            key={item.to}
            component={Link}
            to={item.to}
            aria-current={current ? 'page' : undefined}
            c={current ? 'teal.9' : 'gray.7'}
            px={6}
            py={4}
          >
            <Stack gap={2} align="center">
              {item.icon}
              <Text fz={11} fw={current ? 700 : 500}>
                {item.label}
              </Text>
            </Stack>
          </UnstyledButton>
        );
      })}
    </Group>
  );
}
