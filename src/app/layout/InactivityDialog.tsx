import { Button, Group, Modal, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { inactivityMachine } from '../../../machines/inactivity/inactivity.machine.ts';
import { ACTIVITY_DOM_EVENTS } from '../../../machines/inactivity/inactivity.types.ts';
import { selectCountdownText, selectWarningOpen } from '../../../machines/inactivity/inactivity.selectors.ts';
import { AuthActor } from '../actors.tsx';
import { postToTabs } from '../effects/tabSync.ts';

type InactivityRef = ActorRefFrom<typeof inactivityMachine>;

/** Activity is reported at most this often; a mouse move fires far more often than timers need. */
const ACTIVITY_THROTTLE_MS = 1000;
/** Other tabs hear of activity at most this often. */
const BROADCAST_THROTTLE_MS = 15_000;

/** Feeds the inactivity actor: throttled activity, wake-ups, and the same activity to other tabs. */
function useActivityFeed(inactivity: InactivityRef) {
  useEffect(() => {
    let lastLocal = 0;
    let lastBroadcast = 0;
    const onActivity = () => {
      const at = Date.now();
      if (at - lastLocal < ACTIVITY_THROTTLE_MS) return;
      lastLocal = at;
      inactivity.send({ type: 'activity', at });
      if (at - lastBroadcast >= BROADCAST_THROTTLE_MS) {
        lastBroadcast = at;
        postToTabs({ type: 'activity', at });
      }
    };
    // A tab that slept judges its deadlines by the real time as soon as it is visible again.
    const onVisible = () => {
      if (document.visibilityState === 'visible') inactivity.send({ type: 'clock.tick', now: Date.now() });
    };
    for (const name of ACTIVITY_DOM_EVENTS) window.addEventListener(name, onActivity, { passive: true, capture: true });
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      for (const name of ACTIVITY_DOM_EVENTS) window.removeEventListener(name, onActivity, { capture: true });
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [inactivity]);
}

function WarningDialog({ inactivity }: { inactivity: InactivityRef }) {
  useActivityFeed(inactivity);
  const open = useSelector(inactivity, selectWarningOpen);
  const countdown = useSelector(inactivity, selectCountdownText);
  const continueSession = () => {
    const at = Date.now();
    inactivity.send({ type: 'session.continue', at });
    postToTabs({ type: 'continue', at });
  };
  return (
    <Modal
      opened={open}
      onClose={continueSession}
      title="Session Timeout Warning"
      centered
      closeOnClickOutside={false}
      withCloseButton={false}
      aria-describedby="session-timeout-text"
    >
      <Text id="session-timeout-text" mb="lg">
        Due to inactivity, you will be automatically logged out in <strong>{countdown}</strong>. Would you like to continue your session?
      </Text>
      <Group justify="flex-end">
        <Button onClick={continueSession} data-autofocus>
          Continue Session
        </Button>
      </Group>
    </Modal>
  );
}

/** The inactivity warning (spec section 8, session dialog), shown while a user is signed in. */
export function InactivityDialog() {
  const inactivity = AuthActor.useSelector((s) => s.children.inactivity as InactivityRef | undefined);
  if (!inactivity) return null;
  return <WarningDialog inactivity={inactivity} />;
}
