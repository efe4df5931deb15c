import { createRootRouteWithContext, createRoute, createRouter, redirect } from '@tanstack/react-router';
import * as v from 'valibot';
import { isFormSlug, isIncomeTypeId, type FormSlug } from '../domain/catalogue.ts';
import { safeInternalPath } from '../domain/navigation.ts';
import { guardRoute, type RoutePattern } from '../domain/routeAccess.ts';
import { AppLayout } from './layout/AppLayout.tsx';
import type { RouterContext } from './session.ts';
import { AuthScreen } from './screens/auth/AuthScreen.tsx';
import { ForgotPasswordScreen } from './screens/auth/ForgotPasswordScreen.tsx';
import { LoginScreen } from './screens/auth/LoginScreen.tsx';
import { RegisterScreen } from './screens/auth/RegisterScreen.tsx';
import { ResetPasswordScreen } from './screens/auth/ResetPasswordScreen.tsx';
import { TermsScreen } from './screens/auth/TermsScreen.tsx';
import { WelcomeScreen } from './screens/auth/WelcomeScreen.tsx';
import { NotFound } from './screens/common/NotFound.tsx';
import { UnderConstruction } from './screens/common/UnderConstruction.tsx';

/**
 * The route tree: every route of spec section 2 with typed params and search. Access is decided
 * by one pure function (`guardRoute` in src/domain/routeAccess.ts) in each route's beforeLoad.
 */

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: AppLayout,
  notFoundComponent: NotFound,
});

/** beforeLoad for a route: wait for start-up to settle, then apply the guard. */
function guarded(pattern: RoutePattern) {
  return async ({ context, location }: { context: RouterContext; location: { href: string } }) => {
    await context.session.ready();
    const decision = guardRoute(pattern, location.href, context.session.guardUser());
    if (decision.kind === 'redirect') {
      throw redirect({ to: decision.to, search: decision.search ?? {}, replace: true } as never);
    }
  };
}

const placeholder = (title: string) => () => <UnderConstruction title={title} />;

/** `?returnTo=` must be a same-site path (see safeInternalPath). */
const ReturnToSearch = v.object({
  returnTo: v.optional(v.pipe(v.string(), v.transform((value) => safeInternalPath(value, '')), v.check((value) => value !== ''))),
});
const LoginSearch = v.object({
  redirect: v.optional(v.pipe(v.string(), v.transform((value) => safeInternalPath(value, '')), v.check((value) => value !== ''))),
});
const IncomeSearch = v.object({
  incomeId: v.optional(v.pipe(v.string(), v.check(isIncomeTypeId))),
});

// Public routes.
const welcomeRoute = createRoute({ getParentRoute: () => rootRoute, path: '/welcome', component: WelcomeScreen });
const authRoute = createRoute({ getParentRoute: () => rootRoute, path: '/auth', component: AuthScreen });
const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/login',
  validateSearch: (search) => v.parse(LoginSearch, search),
  component: LoginScreen,
});
const registerRoute = createRoute({ getParentRoute: () => rootRoute, path: '/auth/register', component: RegisterScreen });
const forgotPasswordRoute = createRoute({ getParentRoute: () => rootRoute, path: '/auth/forgot-password', component: ForgotPasswordScreen });
const resetPasswordRoute = createRoute({ getParentRoute: () => rootRoute, path: '/reset-password/$token', component: ResetPasswordScreen });
const termsRoute = createRoute({ getParentRoute: () => rootRoute, path: '/terms-and-conditions', component: TermsScreen });

// Signed-in routes.
const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', beforeLoad: guarded('/'), component: placeholder('Overview') });
const landingRoute = createRoute({ getParentRoute: () => rootRoute, path: '/landing', beforeLoad: guarded('/landing'), component: placeholder('Overview') });
const profileRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/profile',
  validateSearch: (search) => v.parse(ReturnToSearch, search),
  beforeLoad: guarded('/profile'),
  component: placeholder('Profile'),
});
const settingsRoute = createRoute({ getParentRoute: () => rootRoute, path: '/settings', beforeLoad: guarded('/settings'), component: placeholder('Settings') });
const contributeRoute = createRoute({ getParentRoute: () => rootRoute, path: '/contribute', beforeLoad: guarded('/contribute'), component: placeholder('Contribute') });
const directDebitRoute = createRoute({ getParentRoute: () => rootRoute, path: '/direct-debit', beforeLoad: guarded('/direct-debit'), component: placeholder('Direct debit') });
const roundPaymentRoute = createRoute({ getParentRoute: () => rootRoute, path: '/round-payment', beforeLoad: guarded('/round-payment'), component: placeholder('Round payment') });
const taxRefundOptionsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/tax-refund-options',
  beforeLoad: guarded('/tax-refund-options'),
  component: placeholder('What to do with my tax return?'),
});
const taxRefundQuestionsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/tax-refund-questions',
  beforeLoad: guarded('/tax-refund-questions'),
  component: placeholder('Tax Refund'),
});
const pensionInfoRoute = createRoute({ getParentRoute: () => rootRoute, path: '/pension-info', beforeLoad: guarded('/pension-info'), component: placeholder('Pension Setup') });
const pensionRefundRoute = createRoute({ getParentRoute: () => rootRoute, path: '/pension-refund', beforeLoad: guarded('/pension-refund'), component: placeholder('Pension refund') });
const linkedBankAccountsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/linked-bank-accounts',
  beforeLoad: guarded('/linked-bank-accounts'),
  component: placeholder('Bank Accounts'),
});
const bankLinkRoute = createRoute({ getParentRoute: () => rootRoute, path: '/bank-link/$url', beforeLoad: guarded('/bank-link/$url'), component: placeholder('Link a bank account') });
const taxRefundSubmittedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/tax-refund-submitted',
  beforeLoad: guarded('/tax-refund-submitted'),
  component: placeholder('Tax refund submitted'),
});
const roundupsRoute = createRoute({ getParentRoute: () => rootRoute, path: '/roundups', beforeLoad: guarded('/roundups'), component: placeholder('Round-ups') });
const payeAuthorizationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/paye-authorization',
  validateSearch: (search) => v.parse(ReturnToSearch, search),
  beforeLoad: guarded('/auth/paye-authorization'),
  component: placeholder('PAYE authorisation'),
});

// Signed-in and PAYE-authorised routes.
const questionnaireRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/form11-questionnaire',
  beforeLoad: guarded('/form11-questionnaire'),
  component: placeholder('Questionnaire'),
});
const incomeSelectionRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/form11/income-selection',
  beforeLoad: guarded('/form11/income-selection'),
  component: placeholder('Income selection'),
});
const finalFormRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/form11/final-form',
  validateSearch: (search) => v.parse(IncomeSearch, search),
  beforeLoad: guarded('/form11/final-form'),
  component: placeholder('Income declaration'),
});
const formPageRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/form11/$formSlug',
  // Only the 30 known slugs match; anything else is a 404, not an empty form.
  params: {
    parse: ({ formSlug }): { formSlug: FormSlug } | false => (isFormSlug(formSlug) ? { formSlug } : false),
    stringify: ({ formSlug }) => ({ formSlug }),
  },
  beforeLoad: guarded('/form11/$formSlug'),
  component: function FormPage() {
    const { formSlug } = formPageRoute.useParams();
    return <UnderConstruction title={`Form 11: ${formSlug}`} />;
  },
});

export const routeTree = rootRoute.addChildren([
  welcomeRoute,
  authRoute,
  loginRoute,
  registerRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  termsRoute,
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
  questionnaireRoute,
  incomeSelectionRoute,
  finalFormRoute,
  formPageRoute,
]);

export function createAppRouter(session: RouterContext['session']) {
  return createRouter({ routeTree, context: { session }, defaultPreload: false, scrollRestoration: true });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}

export { loginRoute, resetPasswordRoute, profileRoute, payeAuthorizationRoute, finalFormRoute, formPageRoute };
