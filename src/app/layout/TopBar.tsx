import { UnstyledButton } from '@mantine/core';
import { useSelector } from '../useSelector.ts';
import { lazy, Suspense, useState } from 'react';
import { authView } from '../../../machines/auth/auth.view.ts';
import { useAuthActor } from '../actors.tsx';
import { AccountMenuButton } from './AccountMenuButton.tsx';
import { TopBarLayout } from './FrameLayout.tsx';

// The menu (Mantine's Menu, Popover and floating-ui) loads when the account button is first
// pressed, or pointed at: evaluating and rendering it took about 60 ms of a phone's main thread
// in every signed-in page's first render, for a menu that starts closed.
const loadAccountMenu = () => import('./AccountMenu.tsx');
const AccountMenu = lazy(() => loadAccountMenu().then((module) => ({ default: module.AccountMenu })));

/** Top bar: Tax Refund and Bank Accounts on desktop (spec section 2, Layout); the account menu on every size. */
export function TopBar() {
  const auth = useAuthActor();
  const { accountLabel, loading } = useSelector(auth, authView);
  const [menuLoaded, loadMenu] = useState(false);
  // While the stored session is checked the name is not known: the button's place is kept, empty.
  if (loading) {
    return (
      <TopBarLayout
        account={
          <UnstyledButton component="span" px="sm" py={6} fw={600} aria-hidden style={{ visibility: 'hidden' }}>
            Account ▾
          </UnstyledButton>
        }
      />
    );
  }
  const button = <AccountMenuButton accountLabel={accountLabel} aria-expanded={false} onClick={() => loadMenu(true)} onPointerEnter={() => void loadAccountMenu()} />;
  return (
    <TopBarLayout
      account={
        // The account menu shows on phones too: it is the only way to log out there.
        menuLoaded ? (
          <Suspense fallback={button}>
            <AccountMenu accountLabel={accountLabel} onLogout={() => auth.send({ type: 'logout' })} />
          </Suspense>
        ) : (
          button
        )
      }
    />
  );
}
