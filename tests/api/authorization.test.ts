import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { appRouter } from '@bedriftstorget/api/routers/index';
import { adminProcedure, createCallerFactory, router } from '@bedriftstorget/api/trpc';
import { userRoles } from '@bedriftstorget/core/profile/profile.sql';
import { admin, common } from '@bedriftstorget/core/texts/nb';
import { Browser, createHarness, db, signedInUser } from './harness';

type Access = 'public' | 'signedIn' | 'admin';

/**
 * Every procedure and who may call it (DESIGN.md §7). A procedure without a row fails the first
 * test: adding one means deciding its access here. `input` is a valid input, so a refusal can
 * only come from the access check.
 */
const matrix: Record<string, { access: Access; input?: unknown }> = {
  'auth.me': { access: 'public' },
  'auth.providers': { access: 'public' },
  'auth.signUp': { access: 'public', input: { email: 'matrix@example.no', password: 'hemmelig1' } },
  'auth.confirmEmail': { access: 'public', input: { token: 'x'.repeat(43) } },
  'auth.signIn': { access: 'public', input: { email: 'matrix@example.no', password: 'hemmelig1' } },
  'auth.signOut': { access: 'signedIn' },
  'auth.requestPasswordReset': { access: 'public', input: { email: 'matrix@example.no' } },
  'auth.resetPassword': { access: 'public', input: { token: 'x'.repeat(43), password: 'hemmelig1' } },
  'auth.googleStart': { access: 'public' },
  'auth.googleCallback': { access: 'public', input: { code: 'c', state: 's' } },
  'realtime.config': { access: 'public' },
  'realtime.ablyToken': { access: 'signedIn' },
  'listing.browse': { access: 'public', input: {} },
  'listing.landing': { access: 'public' },
  'listing.detail': { access: 'public', input: { id: crypto.randomUUID() } },
  'listing.sellerContact': { access: 'signedIn', input: { id: crypto.randomUUID() } },
  'listing.recordView': { access: 'public', input: { id: crypto.randomUUID() } },
  'favorite.ids': { access: 'signedIn' },
  'favorite.count': { access: 'signedIn' },
  'favorite.list': { access: 'signedIn', input: {} },
  'favorite.add': { access: 'signedIn', input: { listingId: crypto.randomUUID() } },
  'favorite.remove': { access: 'signedIn', input: { listingId: crypto.randomUUID() } },
  'message.unreadCount': { access: 'signedIn' },
  'message.conversations': { access: 'signedIn' },
  'message.thread': { access: 'signedIn', input: { listingId: crypto.randomUUID(), counterpartId: crypto.randomUUID() } },
  'message.markRead': { access: 'signedIn', input: { listingId: null, counterpartId: crypto.randomUUID() } },
  'message.contactSeller': { access: 'signedIn', input: { listingId: crypto.randomUUID(), text: 'Hei, er bedriften fortsatt til salgs?', clientMessageId: crypto.randomUUID() } },
  'message.reply': { access: 'signedIn', input: { listingId: crypto.randomUUID(), counterpartId: crypto.randomUUID(), text: 'Hei!', clientMessageId: crypto.randomUUID() } },
  'message.sendInquiry': { access: 'signedIn', input: { listingId: crypto.randomUUID(), message: 'Kan jeg få se regnskapet?' } },
  'seller.mine': { access: 'signedIn' },
  'seller.forEdit': { access: 'signedIn', input: { id: crypto.randomUUID() } },
  'seller.create': { access: 'signedIn', input: { id: crypto.randomUUID(), fields: {}, images: [] } },
  'seller.update': { access: 'signedIn', input: { id: crypto.randomUUID(), fields: {}, images: [] } },
  'seller.delete': { access: 'signedIn', input: { id: crypto.randomUUID() } },
  'seller.markSold': { access: 'signedIn', input: { id: crypto.randomUUID() } },
  'seller.presignUpload': { access: 'signedIn', input: { listingId: crypto.randomUUID(), contentType: 'image/png', index: 0 } },
  'seller.confirmUpload': { access: 'signedIn', input: { uploadId: crypto.randomUUID() } },
  'seller.rememberDraft': { access: 'public', input: { email: 'utkast@example.no', title: null } },
  'profile.get': { access: 'signedIn' },
  'profile.update': { access: 'signedIn', input: { fullName: null, companyName: null, phone: null } },
  'valuation.estimate': { access: 'public', input: { industry: 'services', revenue: 2_000_000, profit: 400_000 } },
  'admin.overview.stats': { access: 'admin' },
  'admin.overview.queue': { access: 'admin' },
  'admin.review.approve': { access: 'admin', input: { ids: [crypto.randomUUID()] } },
  'admin.review.reject': { access: 'admin', input: { ids: [crypto.randomUUID()] } },
  'admin.listings.list': { access: 'admin', input: {} },
  'admin.listings.exportCsv': { access: 'admin', input: { status: 'pending' } },
  'admin.listings.get': { access: 'admin', input: { id: crypto.randomUUID() } },
  'admin.listings.update': { access: 'admin', input: { id: crypto.randomUUID(), patch: { featured: true } } },
  'admin.listings.remove': { access: 'admin', input: { id: crypto.randomUUID() } },
  'admin.listings.bulk': { access: 'admin', input: { ids: [crypto.randomUUID()], action: 'archive' } },
  'admin.users.list': { access: 'admin', input: { q: 'matrix' } },
  'admin.users.update': { access: 'admin', input: { id: crypto.randomUUID(), fullName: 'Kari', companyName: null, phone: null, userType: 'company', plan: 'pro', maxListings: 5 } },
  'admin.log.list': { access: 'admin' },
};

const procedures = Object.keys(appRouter._def.procedures);

async function outcome(browser: Browser, path: string, input: unknown): Promise<string> {
  try {
    await browser.call((caller) => {
      const fn = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller);
      return (fn as (input: unknown) => Promise<unknown>)(input);
    });
    return 'OK';
  } catch (error) {
    if (!(error instanceof TRPCError)) return 'THREW';
    // Business refusals share these codes (a wrong password is UNAUTHORIZED): the access checks' own messages tell them apart.
    if (error.code === 'UNAUTHORIZED' && error.message === common.signInRequired) return 'NOT_SIGNED_IN';
    if (error.code === 'FORBIDDEN' && error.message === admin.noAccessText) return 'NOT_ADMIN';
    return error.code;
  }
}

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
