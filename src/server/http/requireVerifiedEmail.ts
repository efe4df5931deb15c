import { factory } from '../appEnv.ts';
import { EMAIL_UNVERIFIED, EMAIL_UNVERIFIED_CODE } from './schemas.ts';

/** The 403 body of {@link requireVerifiedEmail}: `code` lets a client offer "resend link" (POST /auth/resend-verification). */
export interface EmailUnverifiedBody {
  message: string;
  error: string;
  code: typeof EMAIL_UNVERIFIED_CODE;
}

/**
 * For routes that act for the user beyond the app itself: PAYE authorisation, bank linking,
 * money movement. Registration signs in before the address is proven (spec), so until the mailed
 * set-password link is used these answer 403 `{ message, error, code: 'email_unverified' }`.
 * Mount after requireAuth: `.post('/x', requireAuth(services), requireVerifiedEmail(), handler)`.
 */
export function requireVerifiedEmail() {
  return factory.createMiddleware(async (c, next) => {
    if (c.var.user.emailVerifiedAt === null) {
      const body: EmailUnverifiedBody = { message: EMAIL_UNVERIFIED, error: EMAIL_UNVERIFIED, code: EMAIL_UNVERIFIED_CODE };
      c.var.log.info({ userId: c.var.userId, path: c.req.routePath }, 'auth.email_unverified.refused');
      return c.json(body, 403);
    }
    await next();
  });
}
