import { FORM11_PROGRESS_KEY, QUESTIONNAIRE_PROGRESS_KEY } from '../../domain/form11ProgressKey.ts';
import { nextTask } from '../afterPaint.ts';
import type { FlowEntry } from './flow.ts';

/**
 * Every screen machine the app runs, in one place: how its logic is made with the app's effects
 * (`src/app/effects/*`, loaded with the first screen that needs it) and how long its actors live.
 * The session registry (registry.ts) builds each logic once and starts every actor from here;
 * screens name a flow with `useFlow(name, input)` and never build one.
 *
 * Auth (the root actor) and its session-scoped children (sign-in, inactivity) are made by the
 * runtime itself (runtime.ts): they run before any screen.
 */
export const FLOWS = {
  // Public screens: one actor per visit.
  forgotPassword: { scope: 'visit', public: true, load: () => import('../effects/recoveryEffects.ts').then((m) => m.forgotPasswordFlow) },
  resetPassword: { scope: 'visit', public: true, load: () => import('../effects/recoveryEffects.ts').then((m) => m.resetPasswordFlow) },
  // Pension screens.
  overview: { scope: 'visit', load: () => import('../effects/overviewEffects.ts').then((m) => m.overviewFlow) },
  pensionSetup: { scope: 'visit', load: () => import('../effects/pensionEffects.ts').then((m) => m.pensionSetupFlow) },
  contribution: { scope: 'visit', load: () => import('../effects/pensionEffects.ts').then((m) => m.contributionFlow) },
  directDebit: { scope: 'visit', load: () => import('../effects/pensionEffects.ts').then((m) => m.directDebitFlow) },
  refundOptions: { scope: 'visit', load: () => import('../effects/refundEffects.ts').then((m) => m.refundOptionsFlow) },
  pensionRefund: { scope: 'visit', load: () => import('../effects/refundEffects.ts').then((m) => m.pensionRefundFlow) },
  // Bank accounts: linking runs per visit; the round-ups are the signed-in user's (the daily prompt of every
  // signed-in page), loaded once the first signed-in page has painted: the prompt comes after the page.
  bankLink: { scope: 'visit', load: () => import('../effects/bankLinkEffects.ts').then((m) => m.bankLinkFlow) },
  roundups: { scope: 'session', afterFirstPaint: true, load: () => import('../effects/roundupsEffects.ts').then((m) => m.roundupsFlow) },
  // Profile and settings.
  profileEdit: { scope: 'visit', load: () => import('../effects/accountEffects.ts').then((m) => m.profileEditFlow) },
  payePreference: { scope: 'visit', load: () => import('../effects/accountEffects.ts').then((m) => m.payePreferenceFlow) },
  dataExport: { scope: 'visit', load: () => import('../effects/accountEffects.ts').then((m) => m.dataExportFlow) },
  accountClose: { scope: 'visit', load: () => import('../effects/accountEffects.ts').then((m) => m.accountCloseFlow) },
  security: { scope: 'visit', load: () => import('../effects/securityEffects.ts').then((m) => m.securityFlow) },
  payeAuthorization: { scope: 'visit', load: () => import('../effects/payeEffects.ts').then((m) => m.payeAuthorizationFlow) },
  // Form 11: the guided flow belongs to the signed-in user; its progress survives a reload. Its code (with
  // the tax engine) loads with the Form 11 pages, and on any other page once it has painted.
  form11Flow: {
    scope: 'session',
    afterFirstPaint: true,
    // In two steps: the Form 11 schemas first, then the flow, so neither lengthens one long task.
    load: () =>
      import('../../domain/schemas/form11/index.ts')
        .then(nextTask)
        .then(() => import('../effects/form11FlowEffects.ts'))
        .then((m) => m.form11GuidedFlow),
    forgetOnSignOut: [FORM11_PROGRESS_KEY],
  },
  // The "confirm your email address" banner of every signed-in page: one per signed-in user.
  verifyEmail: { scope: 'session', load: () => import('../effects/verifyEmailEffects.ts').then((m) => m.verifyEmailFlow) },
  questionnaire: {
    scope: 'visit',
    load: () => import('../effects/questionnaireEffects.ts').then((m) => m.questionnaireFlow),
    forgetOnSignOut: [QUESTIONNAIRE_PROGRESS_KEY],
  },
  incomeDeclaration: { scope: 'visit', load: () => import('../effects/incomeDeclarationEffects.ts').then((m) => m.incomeDeclarationFlow) },
} as const;

// Checked here rather than with `satisfies`, whose contextual type would widen each entry's logic to `any`.
const everyEntryIsAFlow: Record<string, FlowEntry> = FLOWS;
void everyEntryIsAFlow;

export type AppFlows = typeof FLOWS;
export type FlowName = keyof AppFlows;
