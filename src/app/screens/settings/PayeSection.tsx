import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import { Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useSelector } from '../../useSelector.ts';
import { payePreferenceView } from '../../../../machines/payePreference/payePreference.view.ts';
import { useFlow } from '../../flows/useFlow.tsx';

/**
 * PAYE authorisation opt-out. The switch reads "refund processing on"; turning it off opts out
 * (opt_out_paye_auth true), which stops MaxOut working on the user's refunds until turned on again.
 */
export function PayeSection() {
  const preference = useFlow('payePreference');
  const { optedOut, canChange, error, notSignedYet } = useSelector(preference, payePreferenceView);

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" component="section" aria-labelledby="settings-paye" id="paye">
      <Stack gap="sm">
        <Title order={2} size="h3" id="settings-paye">
          PAYE authorisation
        </Title>
        <Text fz="sm">
          As your PAYE tax agent, MaxOut files your claims with Revenue and follows up on your refunds. You can pause this at any time: while
          you are opted out we do not process any refund for you, and nothing you have already entered is lost.
        </Text>
        <Switch
          size="md"
          label="Process my tax refunds as my PAYE agent"
          description={
            optedOut
              ? 'Opted out: refund processing is paused until you turn this back on.'
              : // Not yet signed, "we process" would promise what the missing authorisation does not allow.
                notSignedYet
                ? 'On: once you sign your PAYE authorisation, we process your refund claims.'
                : 'On: we process your refund claims.'
          }
          checked={!optedOut}
          disabled={!canChange}
          onChange={(event) => preference.send({ type: 'preference.set', optOut: !event.currentTarget.checked })}
          error={error ?? undefined}
        />
        {notSignedYet ? (
          <Text fz="sm" c="dimmed">
            You have not signed a PAYE authorisation yet; you will be asked to when you start a tax refund claim.
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
