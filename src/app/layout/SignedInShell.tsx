import { UnstyledButton } from '@mantine/core';
import { useEffect } from 'react';
import { FrameLayout, TopBarLayout } from './FrameLayout.tsx';
import { ShellHeading } from './ShellHeading.tsx';
import { shellMounted } from './shellFrame.ts';

/**
 * What a signed-in page shows while the stored session is checked (GET /profile) and its screen
 * loads: the frame, and in the screen's place its heading where the screen puts it. Painted from
 * what is known without the network (the route, today), so the page shows at once and the screen
 * then fills in below its heading. The account menu's place is kept, empty, until the user's name
 * is known.
 */
export function SignedInShell() {
  useEffect(shellMounted, []);
  return (
    <FrameLayout
      top={
        <TopBarLayout
          account={
            <UnstyledButton component="span" px="sm" py={6} fw={600} aria-hidden style={{ visibility: 'hidden' }}>
              Account ▾
            </UnstyledButton>
          }
        />
      }
    >
      <ShellHeading />
    </FrameLayout>
  );
}
