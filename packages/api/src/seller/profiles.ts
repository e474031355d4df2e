import { TRPCError } from '@trpc/server';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { users } from '@bedriftstorget/core/auth/auth.sql';
import { draftReminders } from '@bedriftstorget/core/draft/draft.sql';
import { profiles } from '@bedriftstorget/core/profile/profile.sql';
import type { ProfileUpdate } from '@bedriftstorget/core/profile/schemas';
import { profile as profileTexts } from '@bedriftstorget/core/texts/seller';
import type { Context } from '../context';
import { readSettings } from '../settings/settings';
import { limitOf } from './quota';
import { keepMarkOnlyForVerifiedName } from '../identity/vipps-mark';

type SignedIn = Context & { user: { id: string; email: string } };

/** 'Min profil': the user's own profile, by name (decision 061), with the e-mail and the listing limit. */
const profileColumns = {
  fullName: profiles.fullName,
  companyName: profiles.companyName,
  phone: profiles.phone,
  userType: profiles.userType,
  plan: profiles.plan,
  maxListings: profiles.maxListings,
  createdAt: profiles.createdAt,
  /** 'Slett konto' asks for the password, or (a Google account without one) mails a link. */
  hasPassword: sql<number>`${users.passwordHash} IS NOT NULL`.mapWith(Boolean),
};

export async function readProfile(ctx: SignedIn) {
  const [profile] = await ctx.db.select(profileColumns).from(profiles).innerJoin(users, eq(users.id, profiles.id)).where(eq(profiles.id, ctx.user.id));
  if (!profile) throw new TRPCError({ code: 'NOT_FOUND', message: profileTexts.notFound });
  const maxListings = limitOf(profile.maxListings, (await readSettings(ctx.db)).maxActiveListings);
  return { ...profile, maxListings, email: ctx.user.email, createdAt: profile.createdAt.toISOString() };
}

/**
 * Only name, company and phone: type, plan and the listing limit are the admins' to change. A name
 * other than the one Vipps verified drops 'Verifisert med Vipps' (decision 119), in the same transaction.
 */
export async function updateProfile(ctx: SignedIn, input: ProfileUpdate) {
  await ctx.db.transaction(async (tx) => {
    await tx.update(profiles).set(input).where(eq(profiles.id, ctx.user.id));
    await keepMarkOnlyForVerifiedName(tx, ctx.user.id, input.fullName);
  });
  return readProfile(ctx);
}

const REMIND_AFTER_MS = 24 * 60 * 60 * 1000;
const REMINDER_QUIET_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * A guest's wizard e-mail: one reminder a day later unless a listing follows. Asking again
 * moves the one pending reminder instead of adding another.
 */
export async function rememberDraft(ctx: Context, email: string, title: string | null): Promise<void> {
  // One reminder per address a month, whoever asks: the site must not become a way to mail a stranger again and again.
  const [recent] = await ctx.db
    .select({ id: draftReminders.id })
    .from(draftReminders)
    .where(and(eq(draftReminders.email, email), gt(draftReminders.sentAt, new Date(Date.now() - REMINDER_QUIET_MS))))
    .limit(1);
  if (recent) return;
  const remindAfter = new Date(Date.now() + REMIND_AFTER_MS);
  const [pending] = await ctx.db
    .select({ id: draftReminders.id })
    .from(draftReminders)
    .where(and(eq(draftReminders.email, email), isNull(draftReminders.sentAt), isNull(draftReminders.cancelledAt)));
  if (pending) {
    await ctx.db.update(draftReminders).set({ remindAfter, title }).where(eq(draftReminders.id, pending.id));
    return;
  }
  await ctx.db.insert(draftReminders).values({ email, title, remindAfter });
}
