import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Menu.css';
import { Menu } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { AccountMenuButton } from './AccountMenuButton.tsx';

/**
 * The account menu itself (Profile, Pension Setup, Settings, Logout), loaded the first time the
 * top bar's account button is pressed: it opens at once then, and stays a menu afterwards.
 */
export function AccountMenu({ accountLabel, onLogout }: { accountLabel: string; onLogout: () => void }) {
  return (
    <Menu position="bottom-end" width={200} defaultOpened>
      <Menu.Target>
        <AccountMenuButton accountLabel={accountLabel} />
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
        <Menu.Item color="red" onClick={onLogout}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
