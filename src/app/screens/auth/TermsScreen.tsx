import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import { Anchor, Container, List, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

interface Section {
  id: string;
  title: string;
  body: ReactNode;
}

const sections: Section[] = [
  {
    id: 'about',
    title: '1. About these terms',
    body: (
      <Text>
        These terms govern your use of MaxOut, a service that (a) prepares and files claims for Irish income tax credits and reliefs on
        your behalf as your PAYE tax agent, (b) shows how much you may contribute to a pension with tax relief, and (c) rounds up card
        purchases on bank accounts you link and, when you confirm, sends the round-ups to your pension plan. By creating an account you
        accept these terms. If you do not accept them, do not use the service.
      </Text>
    ),
  },
  {
    id: 'eligibility',
    title: '2. Who may use MaxOut',
    body: (
      <Text>
        You must be at least 16 years old, resident or taxable in Ireland, and the holder of the bank accounts you link. You must give us
        true and complete information and keep it up to date. One account per person; you may not act for someone else unless you are
        legally entitled to.
      </Text>
    ),
  },
  {
    id: 'agent',
    title: '3. Our appointment as your PAYE tax agent',
    body: (
      <Stack gap="xs">
        <Text>
          When you sign the PAYE A1 declaration in the app, you appoint us as your agent for PAYE income tax with the Revenue
          Commissioners. This lets us view your PAYE record and submit returns and claims for you. We act only on information you give
          us and only for the years and claims you ask us to handle.
        </Text>
        <Text>
          The authorisation stays in force until you cancel it or for at most 4 years from the date you sign, whichever is earlier. You
          may cancel it at any time in Settings, or by telling Revenue directly; cancelling does not undo claims already filed.
        </Text>
      </Stack>
    ),
  },
  {
    id: 'responsibilities',
    title: '4. Your responsibilities',
    body: (
      <List spacing="xs">
        <List.Item>The information you give about your income, expenses and circumstances must be accurate; you remain responsible for your own tax affairs.</List.Item>
        <List.Item>Keep receipts and evidence for every claim for at least 6 years: Revenue may ask to see them.</List.Item>
        <List.Item>Tell us promptly of changes that affect a claim, such as a new employer, a change of address or marital status.</List.Item>
        <List.Item>Keep your password secret and tell us at once if you think someone else has used your account.</List.Item>
      </List>
    ),
  },
  {
    id: 'refunds',
    title: '5. Refund estimates and outcomes',
    body: (
      <Text>
        Figures shown in the app are estimates based on what you tell us and on the published rates for the tax year. Revenue decides the
        amount of any refund and pays it to you directly, to the bank account Revenue holds for you. We cannot guarantee any refund, its
        amount or when it is paid. If Revenue reduces or reclaims a refund because information you gave was wrong, that amount is yours to
        repay.
      </Text>
    ),
  },
  {
    id: 'pension',
    title: '6. Pension contributions and round-ups',
    body: (
      <Stack gap="xs">
        <Text>
          The pension figures show the age-related limit on contributions that qualify for income tax relief. They are information, not
          financial advice; consider advice from a qualified adviser before you decide how much to contribute.
        </Text>
        <Text>
          Round-ups are calculated on completed card purchases on the accounts you enable. Nothing is sent to your pension until you confirm
          the daily prompt, and you need a pension plan ID on your profile first. You may decline a prompt, switch round-ups off for any
          account, or unlink an account at any time. Pension investments can fall as well as rise in value.
        </Text>
      </Stack>
    ),
  },
  {
    id: 'fees',
    title: '7. Fees',
    body: (
      <Text>
        Any fee for filing a claim is shown to you before you submit it and is charged only if you go ahead. Revenue&rsquo;s own online
        services are free to use; you do not have to use an agent to claim a refund.
      </Text>
    ),
  },
  {
    id: 'privacy',
    title: '8. Your data and privacy',
    body: (
      <Stack gap="xs">
        <Text>
          We are the controller of the personal data you give us and process it under the EU General Data Protection Regulation and the
          Data Protection Acts 1988 to 2018. We use your PPSN, date of birth, income details and signature only to act as your tax agent
          and to run the pension features; your PPSN and signature are encrypted when stored.
        </Text>
        <Text>
          Tax records and the evidence of your agent authorisation are kept for 6 years after the end of the tax year they relate to, as Irish
          tax law requires, and longer only while a Revenue enquiry is open; other data is deleted when you close your account. You may ask
          for a copy of your data, correct it, or object to its use, and you may complain to the Data Protection Commission.
        </Text>
      </Stack>
    ),
  },
  {
    id: 'liability',
    title: '9. Our liability and ending the service',
    body: (
      <Text>
        We take reasonable care in preparing and filing your claims. We are not liable for losses caused by information you gave that was
        wrong or incomplete, by decisions of Revenue, or by your bank or pension provider; nothing in these terms limits liability that
        cannot be limited under Irish law, including your rights as a consumer. You may close your account at any time; we may suspend or
        close it if you break these terms, with notice where the law requires.
      </Text>
    ),
  },
  {
    id: 'law',
    title: '10. Governing law and changes',
    body: (
      <Text>
        These terms are governed by the laws of Ireland and the Irish courts have jurisdiction over any dispute, without affecting your
        right as a consumer to bring proceedings where you live. We will tell you of material changes at least 30 days before they take
        effect; if you keep using MaxOut after that date, the new terms apply.
      </Text>
    ),
  },
];

/** Terms and conditions (spec section 2): static text in 10 sections, governed by Irish law. */
export function TermsScreen() {
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>Terms and Conditions</Title>
        <Text c="dimmed">Last updated 1 November 2026.</Text>
        {sections.map((section) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
            <Title order={2} size="h4" mb="xs" id={`${section.id}-title`}>
              {section.title}
            </Title>
            {section.body}
          </section>
        ))}
        <Anchor component={Link} to="/auth">
          Back
        </Anchor>
      </Stack>
    </Container>
  );
}
