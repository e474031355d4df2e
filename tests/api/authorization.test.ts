import { describe, expect, it } from 'vitest';
import { appRouter } from '@bedriftstorget/api/routers/index';
import { adminProcedure, createCallerFactory, router } from '@bedriftstorget/api/trpc';
import { userRoles } from '@bedriftstorget/core/profile/profile.sql';
import { matrix, outcome as callOutcome } from './authorization-matrix';
import { Browser, createHarness, db, signedInUser } from './harness';

/** Visitor, user and admin columns; the owner and other-user columns are in authorization-owner.test.ts. */
const outcome = async (browser: Browser, path: string, input: unknown) => (await callOutcome(browser, path, input)).code;

const procedures = Object.keys(appRouter._def.procedures);

const denied = ['NOT_SIGNED_IN', 'NOT_ADMIN'];

describe('authorization matrix', () => {
  it('has a row for every procedure', () => {
    expect(procedures.filter((p) => !(p in matrix))).toEqual([]);
    expect(Object.keys(matrix).filter((p) => !procedures.includes(p))).toEqual([]);
  });

  for (const [path, { access, input }] of Object.entries(matrix)) {
    it(`${path} is ${access}`, async () => {
      const h = createHarness();
      const visitor = await outcome(new Browser(h), path, input);
      const user = await signedInUser(h);
      const signedIn = await outcome(user.browser, path, input);
      if (access === 'public') {
        expect(denied).not.toContain(visitor);
      } else {
        expect(visitor).toBe('NOT_SIGNED_IN');
      }
      if (access === 'admin') {
        expect(signedIn).toBe('NOT_ADMIN');
        const admin = await signedInUser(h);
        await db.insert(userRoles).values({ userId: admin.userId, role: 'admin' });
        expect(denied).not.toContain(await outcome(admin.browser, path, input));
      } else {
        expect(denied).not.toContain(signedIn);
      }
    });
  }
});

describe('adminProcedure', () => {
  const probe = router({ secret: adminProcedure.query(() => 'hemmelig') });
  const createCaller = createCallerFactory(probe);

  it('refuses visitors and users, admits admins, and notices a revoked role at once', async () => {
    const h = createHarness();
    const visitor = new Browser(h);
    await expect(createCaller(await visitor.context()).secret()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const { browser, userId } = await signedInUser(h);
    await expect(createCaller(await browser.context()).secret()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await db.insert(userRoles).values({ userId, role: 'admin' });
    expect(await createCaller(await browser.context()).secret()).toBe('hemmelig');
    expect(await browser.call((c) => c.auth.me())).toMatchObject({ isAdmin: true });
    const { revokeAdmin } = await import('../../infra/ops/roles');
    const { email } = (await browser.call((c) => c.auth.me()))!;
    await revokeAdmin(db, email);
    await expect(createCaller(await browser.context()).secret()).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
