import type { RouteModule } from '../appEnv.ts';
import { accountRoutes } from './account.ts';
import { answerRoutes } from './answers.ts';
import { appInfoRoutes } from './appInfo.ts';
import { bankAccountRoutes } from './bankAccounts.ts';
import { authRoutes } from './auth.ts';
import { cspRoutes } from './csp.ts';
import { healthRoutes } from './health.ts';
import { passwordRoutes } from './password.ts';
import { payeRoutes } from './paye.ts';
import { pensionRoutes } from './pension.ts';
import { profileRoutes } from './profile.ts';
import { roundupRoutes } from './roundups.ts';
import { sandboxBankRoutes } from './sandboxBank.ts';
import { securityRoutes } from './security.ts';
import { taxRoutes } from './tax.ts';

/**
 * Every API route module, mounted under /api/maxout in this order. A new resource is one file
 * in this folder (`export function xRoutes(services: Services) { return factory.createApp()… }`)
 * and one entry here.
 */
export const apiRoutes: RouteModule[] = [healthRoutes, appInfoRoutes, authRoutes, passwordRoutes, profileRoutes, accountRoutes, securityRoutes, taxRoutes, answerRoutes, payeRoutes, pensionRoutes, bankAccountRoutes, roundupRoutes, sandboxBankRoutes, cspRoutes];
