import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
} from '@tanstack/react-router';
import { isFormSlug, type FormSlug } from '../domain/catalogueIds.ts';
import { guardRoute, mergeRouteRules, type RouteRules } from '../domain/routeAccess.ts';
import { ContributeSearchSchema, Form11PageSearchSchema, IncomeSearchSchema, LoginSearchSchema, ReturnToSearchSchema, YearSearchSchema } from '../domain/schemas/search.ts';
import { LoadingView } from './layout/LoadingView.tsx';
import { shellPainted } from './layout/shellFrame.ts';
import { preloadSignedInChrome } from './layout/signedInChrome.ts';
import { PublicLayout } from './layout/PublicLayout.tsx';
import { RootLayout } from './layout/RootLayout.tsx';
import type { RouterContext } from './session.ts';

/**
 * The route tree: every route of spec section 2, grouped by who may open it under three pathless
 * layout routes (public, signed in, signed in with PAYE authorisation). Each layout says its
 * access in `staticData` and applies the one pure guard (`guardRoute`, src/domain/routeAccess.ts)
 * in its `beforeLoad`; the few leaves with a rule of their own say it in their `staticData` too.
 *
 * Every screen loads lazily, so a route downloads only what it shows:
 *   component: lazyRouteComponent(() => import('./screens/<area>/<Name>Screen.tsx'), '<Name>Screen'),
 * `/` has no screen: its guard forwards to the Overview.
 */

declare module '@tanstack/react-router' {
  // Declaration merging needs an interface: the routes' staticData are the access rules.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface StaticDataRouteOption extends RouteRules {}
}

/**
 * What the layout routes' `beforeLoad` does: wait for start-up to settle, then apply the guard to
 * the rules of the whole match chain (the layout's access, a leaf's own rule).
 */
async function applyGuard(context: RouterContext, href: string, chain: readonly RouteRules[]): Promise<void> {
  await context.session.ready();
  const decision = guardRoute(mergeRouteRules(chain), href, context.session.guardUser());
  if (decision.kind === 'pass') return;
  switch (decision.to) {
    case '/auth/login':
      throw redirect({ to: '/auth/login', search: decision.search, replace: true });
    case '/auth/paye-authorization':
      throw redirect({ to: '/auth/paye-authorization', search: decision.search, replace: true });
    case '/pension-info':
      throw redirect({ to: '/pension-info', search: decision.search, replace: true });
    case '/landing':
      throw redirect({ to: '/landing', replace: true });
    case 'href':
      throw redirect({ href: decision.href, replace: true });
  }
}

const signedInFrame = lazyRouteComponent(() => import('./layout/SignedInFrame.tsx'), 'SignedInFrame');
// While a signed-in layout route loads (its guard waits for the stored session's check, then its frame),
// its page shows the frame and the screen's heading at once (pendingMs 0, not after a second of blank
// page), and the screen as soon as it is ready (pendingMinMs 0).
const signedInShell = lazyRouteComponent(() => import('./layout/SignedInShell.tsx'), 'SignedInShell');

/**
 * Starts loading what a signed-in page shows while the stored session is checked (runtime.ts, at
 * start): the frame and the shell. Resolves once both can render.
 */
export function preloadSignedInShell(): Promise<void> {
  return Promise.all([signedInShell.preload?.(), preloadSignedInChrome()]).then(() => undefined);
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: lazyRouteComponent(() => import('./screens/common/NotFound.tsx'), 'NotFound'),
});

// ─── Public: anyone ─────────────────────────────────────────────────────────────────────────

const publicRoutes = createRoute({
  getParentRoute: () => rootRoute,
  id: 'public',
  staticData: { access: 'public' },
  beforeLoad: ({ context, location, matches }) => applyGuard(context, location.href, matches.map((match) => match.staticData)),
  component: PublicLayout,
});

const welcomeRoute = createRoute({
  getParentRoute: () => publicRoutes,
  path: '/welcome',
  component: lazyRouteComponent(() => import('./screens/auth/WelcomeScreen.tsx'), 'WelcomeScreen'),
});
const authRoute = createRoute({
  getParentRoute: () => publicRoutes,
  path: '/auth',
  component: lazyRouteComponent(() => import('./screens/auth/AuthScreen.tsx'), 'AuthScreen'),
});
const loginRoute = createRoute({
  getParentRoute: () => publicRoutes,
  path: '/auth/login',
  staticData: { signedOutOnly: true },
  validateSearch: LoginSearchSchema,
  component: lazyRouteComponent(() => import('./screens/auth/LoginScreen.tsx'), 'LoginScreen'),
});
const registerRoute = createRoute({
  getParentRoute: () => publicRoutes,
  path: '/auth/register',
  staticData: { signedOutOnly: true },
  component: lazyRouteComponent(() => import('./screens/auth/RegisterScreen.tsx'), 'RegisterScreen'),
});
const forgotPasswordRoute = createRoute({
  getParentRoute: () => publicRoutes,
  path: '/auth/forgot-password',
  loader: ({ context }) => context.flows.preload('forgotPassword'),
  component: lazyRouteComponent(() => import('./screens/auth/ForgotPasswordScreen.tsx'), 'ForgotPasswordScreen'),
});
const resetPasswordRoute = createRoute({
  getParentRoute: () => publicRoutes,
  path: '/reset-password/$token',
  loader: ({ context }) => context.flows.preload('resetPassword'),
  component: lazyRouteComponent(() => import('./screens/auth/ResetPasswordScreen.tsx'), 'ResetPasswordScreen'),
});
const termsRoute = createRoute({
  getParentRoute: () => publicRoutes,
  path: '/terms-and-conditions',
  component: lazyRouteComponent(() => import('./screens/auth/TermsScreen.tsx'), 'TermsScreen'),
});

// ─── Signed in ──────────────────────────────────────────────────────────────────────────────

const signedInRoutes = createRoute({
  getParentRoute: () => rootRoute,
  id: 'signedIn',
  staticData: { access: 'user' },
  beforeLoad: ({ context, location, matches }) => shellPainted().then(() => applyGuard(context, location.href, matches.map((match) => match.staticData))),
  component: signedInFrame,
  pendingComponent: signedInShell,
  pendingMs: 0,
  pendingMinMs: 0,
});

const indexRoute = createRoute({
  getParentRoute: () => signedInRoutes,
  path: '/',
  staticData: { forwardTo: '/landing' },
});
const landingRoute = createRoute({
  getParentRoute: () => signedInRoutes,
  path: '/landing',
  loader: ({ context }) => context.flows.preload('overview'),
  component: lazyRouteComponent(() => import('./screens/pension/OverviewScreen.tsx'), 'OverviewScreen'),
});
const profileRoute = createRoute({
  getParentRoute: () => signedInRoutes,
  path: '/profile',
  validateSearch: ReturnToSearchSchema,
  loader: ({ context }) => context.flows.preload('profileEdit'),
  component: lazyRouteComponent(() => import('./screens/profile/ProfileScreen.tsx'), 'ProfileScreen'),
});
const settingsRoute = createRoute({
  getParentRoute: () => signedInRoutes,
  path: '/settings',
  loader: ({ context }) => context.flows.preload('security', 'payePreference', 'dataExport', 'accountClose'),
  component: lazyRouteComponent(() => import('./screens/settings/SettingsScreen.tsx'), 'SettingsScreen'),
});
const contributeRoute = createRoute({
  getParentRoute: () => signedInRoutes,
  path: '/contribute',
  validateSearch: ContributeSearchSchema,
  loader: ({ context }) => context.flows.preload('contribution'),
  component: lazyRouteComponent(() => import('./screens/pension/ContributeScreen.tsx'), 'ContributeScreen'),
});
const directDebitRoute = createRoute({
  getParentRoute: () => signedInRoutes,
  path: '/direct-debit',
  loader: ({ context }) => Promise.all([context.flows.preload('directDebit'), context.appInfo.ready()]).then(() => undefined),
  component: lazyRouteComponent(() => import('./screens/pension/DirectDebitScreen.tsx'), 'DirectDebitScreen'),
});
const roundPaymentRoute = createRoute({
  getParentRoute: () => signedInRoutes,
  path: '/round-payment',
  loader: ({ context }) => context.flows.preload('contribution'),
  component: lazyRouteComponent(() => import('./screens/pension/RoundPaymentScreen.tsx'), 'RoundPaymentScreen'),
});
const taxRefundOptionsRoute = createRoute({
  getParentRoute: () => signedInRoutes,
  path: '/tax-refund-options',
  // The guided flow too: the page shows the claim it holds first.
  loader: ({ context }) => context.flows.preload('refundOptions', 'form11Flow'),
  component: lazyRouteComponent(() => import('./screens/refund/TaxRefundOptionsScreen.tsx'), 'TaxRefundOptionsScreen'),
});
const taxRefundQuestionsRoute = createRoute({
  getParentRoute: () => signedInRoutes,
  path: '/tax-refund-questions',
  loader: ({ context }) => context.flows.preload('form11Flow'),
  component: lazyRouteComponent(() => import('./screens/form11/TaxRefundScreen.tsx'), 'TaxRefundScreen'),
});
const pensionInfoRoute = createRoute({
  getParentRoute: () => signedInRoutes,
  path: '/pension-info',
  // The income form itself: the guard sends a user without an annual income here, with the page they asked for.
  staticData: { incomeOptional: true },
  validateSearch: ReturnToSearchSchema,
  loader: ({ context }) => context.flows.preload('pensionSetup'),
  component: lazyRouteComponent(() => import('./screens/pension/PensionSetupScreen.tsx'), 'PensionSetupScreen'),
});
const pensionRefundRoute = createRoute({
  getParentRoute: () => signedInRoutes,
  path: '/pension-refund',
  loader: ({ context }) => context.flows.preload('pensionRefund'),
  component: lazyRouteComponent(() => import('./screens/refund/PensionRefundScreen.tsx'), 'PensionRefundScreen'),
});
const linkedBankAccountsRoute = createRoute({
  getParentRoute: () => signedInRoutes,
  path: '/linked-bank-accounts',
  loader: ({ context }) => context.flows.preload('bankLink'),
  component: lazyRouteComponent(() => import('./screens/roundups/LinkedBankAccountsScreen.tsx'), 'LinkedBankAccountsScreen'),
});
const bankLinkRoute = createRoute({
  getParentRoute: () => signedInRoutes,
  path: '/bank-link/$url',
  loader: ({ context }) => context.flows.preload('bankLink'),
  component: lazyRouteComponent(() => import('./screens/roundups/BankLinkScreen.tsx'), 'BankLinkScreen'),
});
const taxRefundSubmittedRoute = createRoute({
  getParentRoute: () => signedInRoutes,
  path: '/tax-refund-submitted',
  loader: ({ context }) => context.flows.preload('form11Flow'),
  component: lazyRouteComponent(() => import('./screens/refund/TaxRefundSubmittedScreen.tsx'), 'TaxRefundSubmittedScreen'),
});
const roundupsRoute = createRoute({
  getParentRoute: () => signedInRoutes,
  path: '/roundups',
  component: lazyRouteComponent(() => import('./screens/roundups/RoundupsScreen.tsx'), 'RoundupsScreen'),
});
const payeAuthorizationRoute = createRoute({
  getParentRoute: () => signedInRoutes,
  path: '/auth/paye-authorization',
  validateSearch: ReturnToSearchSchema,
  loader: ({ context }) => context.flows.preload('payeAuthorization'),
  component: lazyRouteComponent(() => import('./screens/paye/PayeAuthorizationScreen.tsx'), 'PayeAuthorizationScreen'),
});

// ─── Signed in with PAYE authorisation ──────────────────────────────────────────────────────

const payeRoutes = createRoute({
  getParentRoute: () => rootRoute,
  id: 'paye',
  staticData: { access: 'paye' },
  beforeLoad: ({ context, location, matches }) => shellPainted().then(() => applyGuard(context, location.href, matches.map((match) => match.staticData))),
  component: signedInFrame,
  pendingComponent: signedInShell,
  pendingMs: 0,
  pendingMinMs: 0,
});

const questionnaireRoute = createRoute({
  getParentRoute: () => payeRoutes,
  path: '/form11-questionnaire',
  validateSearch: YearSearchSchema,
  loader: ({ context }) => context.flows.preload('questionnaire', 'form11Flow'),
  component: lazyRouteComponent(() => import('./screens/form11/QuestionnaireScreen.tsx'), 'QuestionnaireScreen'),
});
const incomeSelectionRoute = createRoute({
  getParentRoute: () => payeRoutes,
  path: '/form11/income-selection',
  validateSearch: YearSearchSchema,
  loader: ({ context }) => context.flows.preload('incomeDeclaration'),
  component: lazyRouteComponent(() => import('./screens/form11/IncomeSelectionScreen.tsx'), 'IncomeSelectionScreen'),
});
const finalFormRoute = createRoute({
  getParentRoute: () => payeRoutes,
  path: '/form11/final-form',
  validateSearch: IncomeSearchSchema,
  loader: ({ context }) => context.flows.preload('incomeDeclaration', 'form11Flow'),
  component: lazyRouteComponent(() => import('./screens/form11/FinalFormScreen.tsx'), 'FinalFormScreen'),
});
const formPageRoute = createRoute({
  getParentRoute: () => payeRoutes,
  path: '/form11/$formSlug',
  // Only the 30 known slugs match; anything else is a 404, not an empty form.
  params: {
    parse: ({ formSlug }): { formSlug: FormSlug } | false => (isFormSlug(formSlug) ? { formSlug } : false),
    stringify: ({ formSlug }) => ({ formSlug }),
  },
  validateSearch: Form11PageSearchSchema,
  loader: ({ context }) => context.flows.preload('form11Flow'),
  component: lazyRouteComponent(() => import('./screens/form11/FormPageScreen.tsx'), 'FormPageScreen'),
});

export const routeTree = rootRoute.addChildren([
  publicRoutes.addChildren([welcomeRoute, authRoute, loginRoute, registerRoute, forgotPasswordRoute, resetPasswordRoute, termsRoute]),
  signedInRoutes.addChildren([
    indexRoute,
    landingRoute,
    profileRoute,
    settingsRoute,
    contributeRoute,
    directDebitRoute,
    roundPaymentRoute,
    taxRefundOptionsRoute,
    taxRefundQuestionsRoute,
    pensionInfoRoute,
    pensionRefundRoute,
    linkedBankAccountsRoute,
    bankLinkRoute,
    taxRefundSubmittedRoute,
    roundupsRoute,
    payeAuthorizationRoute,
  ]),
  payeRoutes.addChildren([questionnaireRoute, incomeSelectionRoute, finalFormRoute, formPageRoute]),
]);

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: false,
    defaultPendingComponent: LoadingView,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
