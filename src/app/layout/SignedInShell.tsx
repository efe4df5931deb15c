import { UnstyledButton } from '@mantine/core';
import { useEffect } from 'react';
import { afterNextPaint } from '../afterPaint.ts';
import { FrameLayout, TopBarLayout } from './FrameLayout.tsx';
import { ShellHeading } from './ShellHeading.tsx';
import { AFTER_FIRST_PAINT_ID } from '../../domain/constants.ts';
import { markShellPainted } from './shellFrame.ts';

/**
 * What a signed-in page shows while the stored session is checked (GET /profile) and its screen
 * loads: the frame, and in the screen's place its heading where the screen puts it. Painted from
 * what is known without the network (the route, today), so the page shows at once and the screen
 * then fills in below its heading. The account menu's place is kept, empty, until the user's name
 * is known.
 */
export function SignedInShell() {
  useEffect(() => {
    // A frame, then a task: the frame that showed the shell has been painted. Then the page asks
    // for the rest of its files (the frame, the screen, its flows), which the server listed in a
    // template so they never compete with this first paint.
    afterNextPaint(() => {
      fetchAfterFirstPaint();
      markShellPainted();
    });
  }, []);
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

/** Moves the links of the page's after-first-paint template into its head: the browser fetches them now. */
function fetchAfterFirstPaint(): void {
  const template = document.getElementById(AFTER_FIRST_PAINT_ID);
  if (!(template instanceof HTMLTemplateElement)) return;
  template.remove();
  document.head.append(template.content);
}
