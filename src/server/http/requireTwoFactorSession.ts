import { factory } from '../appEnv.ts';
import type { Services } from '../services/index.ts';
import { TWO_FACTOR_SESSION_REQUIRED_CODE, TWO_FACTOR_SESSION_REQUIRED_GENERIC } from './schemas.ts';

/** The 403 body of {@link requireTwoFactorSession}: `code` lets a client say what to do. */
export interface TwoFactorSessionRequiredBody {
  message: string;
  error: string;
  code: typeof TWO_FACTOR_SESSION_REQUIRED_CODE;
}

/**
 * Once two-step sign-in is on, the calls that act for the user or change what protects the
 * account need a session that proved the second factor: the PAYE authorisation, revealing the
 * PPSN, the data download, closing, changing the password, signing devices out and moving money.
 * A session proved it by signing in with a code or a recovery code, or by turning two-step sign-in
 * on. A password-only session, such as one opened before it was turned on or by someone who
 * only has the password, gets 403 `{ message, error, code: 'two_factor_required' }`. Users who
 * have not turned it on are not asked (it is optional). Mount after requireAuth. Also guards
 * turning two-step sign-in off (with its own `message`), so a password-only session cannot first
 * turn it off and then sign.
 */
export function requireTwoFactorSession({ twoFactor, sessions }: Pick<Services, 'twoFactor' | 'sessions'>, message: string = TWO_FACTOR_SESSION_REQUIRED_GENERIC) {
  return factory.createMiddleware(async (c, next) => {
    if ((await twoFactor.isEnabled(c.var.userId)) && !(await sessions.provedTwoFactor(c.var.familyId, c.var.userId))) {
      const body: TwoFactorSessionRequiredBody = { message, error: message, code: TWO_FACTOR_SESSION_REQUIRED_CODE };
      c.var.log.info({ userId: c.var.userId, path: c.req.routePath }, 'auth.two_factor_session.refused');
      return c.json(body, 403);
    }
    await next();
  });
}
