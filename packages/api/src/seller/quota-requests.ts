import { TRPCError } from '@trpc/server';
import { desc, eq } from 'drizzle-orm';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { profiles } from '@bedriftstorget/core/profile/profile.sql';
import { quotaRequests } from '@bedriftstorget/core/profile/quota-request.sql';
import type { QuotaAnswer, QuotaRequestInput } from '@bedriftstorget/core/profile/quota-request-schemas';
import { adminQuotaRequests as a, adminUsers, quotaRequestMail } from '@bedriftstorget/core/texts/admin';
import { planLabels, quotaRequestTexts as t } from '@bedriftstorget/core/texts/seller';
import type { Services } from '../context';
import type { Database } from '../db/client';
import { isDuplicateKey } from '../db/errors';
import { enforceLimit } from '../auth/rate-limit';
import { RATE_LIMITS } from '../auth/rate-limit-rules';
import { writeLog } from '../admin/log';
import { deliverNow } from '../mail/deliver';
import { enqueueMail } from '../mail/outbox';
import { lockQuota } from './quota';
import type { SignedIn } from './listing-images';

/**
 * 'Be om flere annonser' (decision 141): the way past the listing limit. One request waits at a
 * time (the unique key on `open_for`); asking for no more than one has is refused. Counted against
 * the daily limit before anything is read. The profile row is locked as a submit locks it, so a
 * request and staff's answer to the one before queue.
 */
export async function requestMoreListings(ctx: SignedIn, input: QuotaRequestInput): Promise<{ ok: true }> {
  await enforceLimit(ctx, RATE_LIMITS.quotaRequestsPerUser);
  await ctx.db.transaction(async (tx) => {
    const { max } = await lockQuota(tx, ctx.user.id);
    if (input.wanted <= max) throw new TRPCError({ code: 'BAD_REQUEST', message: t.wantedNotMore(max) });
    const [open] = await tx.select({ id: quotaRequests.id }).from(quotaRequests).where(eq(quotaRequests.openFor, ctx.user.id));
    if (open) throw new TRPCError({ code: 'CONFLICT', message: t.alreadyOpen });
    await tx.insert(quotaRequests).values({ userId: ctx.user.id, openFor: ctx.user.id, wanted: input.wanted, message: input.message ?? null });
  }).catch((error: unknown) => {
    // Two sends at once from one user: the unique key stores one.
    if (isDuplicateKey(error)) throw new TRPCError({ code: 'CONFLICT', message: t.alreadyOpen });
    throw error;
  });
  return { ok: true };
}

/** The user's latest request and staff's answer, for the quota gate and Mine annonser. */
export async function latestQuotaRequest(db: Database, userId: string) {
  const [row] = await db
    .select({ status: quotaRequests.status, wanted: quotaRequests.wanted, answerNote: quotaRequests.answerNote, createdAt: quotaRequests.createdAt, answeredAt: quotaRequests.answeredAt })
    .from(quotaRequests)
    .where(eq(quotaRequests.userId, userId))
    .orderBy(desc(quotaRequests.createdAt))
    .limit(1);
  return row ? { ...row, createdAt: row.createdAt.toISOString(), answeredAt: row.answeredAt?.toISOString() ?? null } : null;
}

/**
 * Staff's answer from /admin/brukere: a grant sets the profile's limit and plan, a decline leaves
 * them; either way the note goes to the user by mail and the answer to the admin log, in one
 * transaction with the request locked (two admins never answer it twice).
 */
export async function answerQuotaRequest(services: Pick<Services, 'db' | 'mailer' | 'config'>, adminId: string, input: QuotaAnswer, now = new Date()): Promise<{ ok: true }> {
  const mailId = await services.db.transaction(async (tx) => {
    const [request] = await tx.select({ id: quotaRequests.id, userId: quotaRequests.userId, status: quotaRequests.status, wanted: quotaRequests.wanted }).from(quotaRequests).where(eq(quotaRequests.id, input.id)).for('update');
    if (!request) throw new TRPCError({ code: 'NOT_FOUND', message: a.notFound });
    if (request.status !== 'open') throw new TRPCError({ code: 'CONFLICT', message: a.alreadyAnswered });
    const [user] = await tx.select({ email: users.email, deletedAt: users.deletedAt }).from(users).where(eq(users.id, request.userId));
    if (!user || user.deletedAt) throw new TRPCError({ code: 'NOT_FOUND', message: adminUsers.notFound });
    const { max } = await lockQuota(tx, request.userId);
    const granted = input.decision === 'grant' && input.maxListings !== undefined && input.plan ? { maxListings: input.maxListings, plan: input.plan } : null;
    if (granted) await tx.insert(profiles).values({ id: request.userId, ...granted }).onDuplicateKeyUpdate({ set: granted });
    await tx
      .update(quotaRequests)
      .set({ status: granted ? 'granted' : 'declined', openFor: null, answerNote: input.note, grantedMax: granted?.maxListings ?? null, grantedPlan: granted?.plan ?? null, answeredBy: adminId, answeredAt: now })
      .where(eq(quotaRequests.id, request.id));
    await writeLog(tx, adminId, {
      action: a.loggedAction,
      targetType: 'profile',
      targetId: request.userId,
      details: { decision: input.decision, wanted: request.wanted, note: input.note, ...(granted ? { changes: { maxListings: { from: max, to: granted.maxListings }, plan: granted.plan } } : {}) },
    });
    const link = `${services.config.appUrl}${granted ? '/legg-ut-annonse' : '/mine-annonser'}`;
    const mail = granted
      ? { subject: quotaRequestMail.grantedSubject, text: quotaRequestMail.grantedText(granted.maxListings, planLabels[granted.plan], input.note, link) }
      : { subject: quotaRequestMail.declinedSubject, text: quotaRequestMail.declinedText(max, input.note, link) };
    return enqueueMail(tx, { kind: 'review_decision', to: user.email, ...mail, links: [link] }, now);
  });
  await deliverNow(services, [mailId]);
  return { ok: true };
}
