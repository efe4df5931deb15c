import { describe, it } from 'vitest';
import { ALL_ROUTES, PUBLIC_ROUTES, accessOf, examplePath } from '../../src/domain/routeAccess.ts';
import { useBrowser, visit } from './harness.ts';
import { createUserWithPassword, editProfileByApi, signIn } from './users.ts';

/**
 * Every route of the spec, opened as a user would reach it: each screen (or the screen its guard
 * leads to) must render without console errors and pass the accessibility scan `visit` runs.
 */
describe('every route', () => {
  const b = useBrowser();

  it.each(PUBLIC_ROUTES.map((route) => [route, examplePath(route)]))('public %s renders and is accessible', async (_route, path) => {
    await visit(b.page, path);
  });

  it('every signed-in route renders and is accessible for a user with an income', async () => {
    const user = await createUserWithPassword();
    await editProfileByApi(user, { annual_income: 48_000 });
    await signIn(b.page, user);
    for (const route of ALL_ROUTES.filter((r) => accessOf(r) !== 'public')) {
      await visit(b.page, examplePath(route));
    }
  });
});
