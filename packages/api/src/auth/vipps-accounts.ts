import { TRPCError } from '@trpc/server';
import { and, eq, ne } from 'drizzle-orm';
import { vippsIdentities } from '@bedriftstorget/core/auth/vipps.sql';
import { consent } from '@bedriftstorget/core/texts/privacy';
import { vippsTexts as texts } from '@bedriftstorget/core/texts/vipps';
import type { Context } from '../context';
import { isDuplicateKey } from '../db/errors';
import { markVerified } from '../identity/vipps-mark';
import { recordConsent } from '../privacy/consent';
import { refusal } from '../refusal';
import { assertSignupsOpen } from '../settings/settings';
import { findUserByEmail, insertUser } from './service';
import { startSession } from './session';
import type { VippsIdentity } from './vipps';
import { offerLink } from './vipps-link';

/** What the callback page does next: go on signed in, show 'Verifisert', or ask for proof of the account. */
export type VippsOutcome = { outcome: 'signedIn' } | { outcome: 'signedUp' } | { outcome: 'verified' } | { outcome: 'linkRequired'; email: string; hasPassword: boolean };

export const takenByOther = () => new TRPCError({ code: 'CONFLICT', message: texts.takenByOther });

/**
 * 'Logg inn med Vipps' (decision 119): the person Vipps knows by this `sub` signs in; a verified
 * address with an account here is linked only after proof (vipps-link.ts), never silently; anyone
 * else gets a new account from Vipps's verified name, address and phone, with the terms accepted
 * on the consent step (as for Google, decision 089) and 'Verifisert med Vipps' from the start.
 */
export async function signInWithVipps(ctx: Context, identity: VippsIdentity, consentVersion: string): Promise<VippsOutcome> {
  const [known] = await ctx.db.select({ userId: vippsIdentities.userId }).from(vippsIdentities).where(eq(vippsIdentities.sub, identity.sub));
  if (known) {
    await startSession(ctx, known.userId);
    return { outcome: 'signedIn' };
  }
  if (!identity.emailVerified) throw new TRPCError({ code: 'BAD_REQUEST', message: texts.emailNotVerified });
  const existing = await findUserByEmail(ctx.db, identity.email);
  if (existing && !existing.deletedAt) {
    await offerLink(ctx, existing.id, identity);
    return { outcome: 'linkRequired', email: identity.email, hasPassword: existing.passwordHash !== null };
  }
  await assertSignupsOpen(ctx.db);
  if (consentVersion !== consent.version) throw refusal('CONSENT_REQUIRED', consent.required);
  let userId: string;
  try {
    userId = await ctx.db.transaction(async (tx) => {
      const id = await insertUser(tx, { email: identity.email, passwordHash: null, emailVerified: true });
      await markVerified(tx, id, identity);
      await recordConsent(tx, id, 'vipps');
      return id;
    });
  } catch (error) {
    // The same person twice at once: one account; the other press is told to try again.
    if (isDuplicateKey(error)) throw new TRPCError({ code: 'CONFLICT', message: texts.failed });
    throw error;
  }
  await startSession(ctx, userId);
  return { outcome: 'signedUp' };
}

/** 'Verifiser deg med Vipps' in /profil: the signed-in account that started it takes the verification. */
export async function verifyWithVipps(ctx: Context, flowUserId: string | null, identity: VippsIdentity): Promise<VippsOutcome> {
  if (!ctx.user || ctx.user.id !== flowUserId) throw new TRPCError({ code: 'BAD_REQUEST', message: texts.failed });
  const userId = ctx.user.id;
  const [other] = await ctx.db
    .select({ userId: vippsIdentities.userId })
    .from(vippsIdentities)
    .where(and(eq(vippsIdentities.sub, identity.sub), ne(vippsIdentities.userId, userId)));
  if (other) throw takenByOther();
  try {
    await ctx.db.transaction((tx) => markVerified(tx, userId, identity));
  } catch (error) {
    if (isDuplicateKey(error)) throw takenByOther();
    throw error;
  }
  return { outcome: 'verified' };
}
