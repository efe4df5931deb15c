import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Menu.css';
import { Menu, UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { authView } from '../../../machines/auth/auth.view.ts';
import { useAuthActor } from '../actors.tsx';
import { TopBarLayout } from './FrameLayout.tsx';

/** Top bar: Tax Refund and Bank Accounts on desktop (spec section 2, Layout); the account menu on every size. */
export function TopBar() {
  const auth = useAuthActor();
  const { accountLabel } = useSelector(auth, authView);
  return (
    <TopBarLayout
      account={
        // The account menu shows on phones too: it is the only way to log out there.
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
      }
    />
  );
}
