/**
 * 'Slett konto' (decision 088), where it meets the rest: a wrong password changes nothing; a
 * Google account confirms by a mailed link that works once and within the hour; an admin deletes
 * others (logged with ids only) but never themselves or the last admin; a mail waiting for the
 * address is never sent; an object storage would not delete is left to the scheduled job.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminLogs } from '@bedriftstorget/core/admin/admin.sql';
import { emailTokens, users } from '@bedriftstorget/core/auth/auth.sql';
import { listings, storageDeletions } from '@bedriftstorget/core/listing/listing.sql';
import { mailOutbox } from '@bedriftstorget/core/mail/mail.sql';
import { profiles, userRoles } from '@bedriftstorget/core/profile/profile.sql';
import { accountDeletion, accountDeletionMail, adminAccountDeletion } from '@bedriftstorget/core/texts/account';
import { auth as authTexts } from '@bedriftstorget/core/texts/nb';
import { enqueueMail } from '@bedriftstorget/api/mail/outbox';
import { retryStorageDeletions } from '@bedriftstorget/api/privacy/storage-cleanup';
import { createListing } from './fixtures';
import { signedInAdmin } from './admin-helpers';
import { Browser, db, deliverMail, signedInUser, tokenFromMail, type Harness } from './harness';
import { fields, harness, upload } from './seller-helpers';

async function exists(userId: string): Promise<boolean> {
  const [row] = await db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, userId));
  return row !== undefined && row.deletedAt === null;
}

/** A Google account: no password, a Google id (what signInWithGoogle creates). */
async function googleUser(h: Harness) {
  const user = await signedInUser(h);
  await db.update(users).set({ passwordHash: null, googleId: `google-${crypto.randomUUID()}` }).where(eq(users.id, user.userId));
  return user;
}

describe('Slett konto with the password', () => {
  it('refuses a wrong password in Norwegian and changes nothing', async () => {
    const h = harness();
    const user = await signedInUser(h);
    const listing = await createListing(user.userId, { status: 'active' });
    await expect(user.browser.call((c) => c.profile.deleteAccount({ password: 'feil-passord' }))).rejects.toMatchObject({ code: 'BAD_REQUEST', message: accountDeletion.wrongPassword });
    await expect(user.browser.call((c) => c.profile.deleteAccount({ password: '' }))).rejects.toMatchObject({ message: accountDeletion.passwordRequired });
    expect(await exists(user.userId)).toBe(true);
    expect(await user.browser.call((c) => c.auth.me())).toMatchObject({ id: user.userId });
    expect(await db.select({ id: listings.id }).from(listings).where(eq(listings.id, listing))).toHaveLength(1);
    expect(await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, user.userId))).toHaveLength(1);
    expect(h.mailer.to(user.email).map((mail) => mail.subject)).not.toContain(accountDeletionMail.deletedSubject);
  });

  it('is not offered a link when the account has a password, and a Google account is not asked for one', async () => {
    const h = harness();
    const user = await signedInUser(h);
    await expect(user.browser.call((c) => c.profile.requestDeletionLink())).rejects.toMatchObject({ code: 'BAD_REQUEST', message: accountDeletion.usePassword });
    const google = await googleUser(h);
    await expect(google.browser.call((c) => c.profile.deleteAccount({ password: 'hemmelig1' }))).rejects.toMatchObject({ message: accountDeletion.noPassword });
    expect(await exists(google.userId)).toBe(true);
    expect(await user.browser.call((c) => c.profile.get())).toMatchObject({ hasPassword: true });
    expect(await google.browser.call((c) => c.profile.get())).toMatchObject({ hasPassword: false });
  });
});

describe('Slett konto by mailed link (Google accounts)', () => {
  it('deletes once: the link used twice is refused the second time', async () => {
    const h = harness();
    const user = await googleUser(h);
    await user.browser.call((c) => c.profile.requestDeletionLink());
    expect(h.mailer.last(user.email).subject).toBe(accountDeletionMail.linkSubject);
    const token = tokenFromMail(h.mailer, user.email, '/slett-konto');
    expect(await exists(user.userId)).toBe(true);
    // Opened in the signed-in browser: deleted and signed out.
    await user.browser.call((c) => c.auth.confirmDeletion({ token }));
    expect(await exists(user.userId)).toBe(false);
    expect(user.browser.sessionId).toBeUndefined();
    expect(h.mailer.last(user.email).subject).toBe(accountDeletionMail.deletedSubject);
    await expect(new Browser(h).call((c) => c.auth.confirmDeletion({ token }))).rejects.toMatchObject({ code: 'BAD_REQUEST', message: authTexts.tokenInvalid });
  });

  it('refuses an expired link and keeps the account', async () => {
    const h = harness();
    const user = await googleUser(h);
    await user.browser.call((c) => c.profile.requestDeletionLink());
    const token = tokenFromMail(h.mailer, user.email, '/slett-konto');
    await db.update(emailTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(and(eq(emailTokens.userId, user.userId), eq(emailTokens.purpose, 'delete_account')));
    await expect(new Browser(h).call((c) => c.auth.confirmDeletion({ token }))).rejects.toMatchObject({ message: authTexts.tokenInvalid });
    expect(await exists(user.userId)).toBe(true);
  });
});

describe('admin deletion', () => {
  it("deletes another user as 'Slett konto' does and logs it with ids only", async () => {
    const h = harness();
    const admin = await signedInAdmin(h);
    const user = await signedInUser(h);
    await user.browser.call((c) => c.profile.update({ fullName: 'Ulf Utmeldt', companyName: null, phone: '912 34 567' }));
    await admin.browser.call((c) => c.admin.users.remove({ id: user.userId }));
    expect(await exists(user.userId)).toBe(false);
    expect(await user.browser.call((c) => c.auth.me())).toBeNull();
    const entries = await db.select().from(adminLogs).where(eq(adminLogs.targetId, user.userId));
    expect(entries.map((entry) => [entry.adminId, entry.action, entry.targetType, entry.details])).toEqual([[admin.userId, adminAccountDeletion.loggedAction, 'profile', null]]);
    // The goodbye says staff deleted it, not that the person asked to (decision 140).
    expect(h.mailer.last(user.email)).toMatchObject({ subject: accountDeletionMail.staffDeletedSubject, text: accountDeletionMail.staffDeletedText });
    expect(h.mailer.to(user.email).map((mail) => mail.subject)).not.toContain(accountDeletionMail.deletedSubject);
    const listed = await admin.browser.call((c) => c.admin.users.list({ q: 'Ulf' }));
    expect(listed.items).toEqual([]);
    // The admin's own row says it is theirs, so the page offers no 'Slett' there; others' rows are not.
    const own = await admin.browser.call((c) => c.admin.users.list({ q: admin.email }));
    expect(own.items.map((row) => [row.id, row.self])).toEqual([[admin.userId, true]]);
    await expect(admin.browser.call((c) => c.admin.users.remove({ id: user.userId }))).rejects.toMatchObject({ code: 'NOT_FOUND', message: accountDeletion.alreadyDeleted });
  });

  it('refuses an admin deleting themselves there, and the last admin deleting their account', async () => {
    const h = harness();
    // Alone as admin: earlier tests' admins are demoted for this one.
    await db.delete(userRoles).where(eq(userRoles.role, 'admin'));
    const admin = await signedInAdmin(h);
    await expect(admin.browser.call((c) => c.admin.users.remove({ id: admin.userId }))).rejects.toMatchObject({ code: 'FORBIDDEN', message: accountDeletion.adminSelf });
    await expect(admin.browser.call((c) => c.profile.deleteAccount({ password: admin.password }))).rejects.toMatchObject({ code: 'FORBIDDEN', message: accountDeletion.lastAdmin });
    expect(await exists(admin.userId)).toBe(true);
    // With a second admin, one may delete the other; the one left is the last again.
    const second = await signedInAdmin(h);
    await second.browser.call((c) => c.admin.users.remove({ id: admin.userId }));
    expect(await exists(admin.userId)).toBe(false);
    await expect(second.browser.call((c) => c.profile.deleteAccount({ password: second.password }))).rejects.toMatchObject({ message: accountDeletion.lastAdmin });
  });

  it('lets only one of two admins deleting each other at once succeed', async () => {
    const h = harness();
    await db.delete(userRoles).where(eq(userRoles.role, 'admin'));
    const a = await signedInAdmin(h);
    const b = await signedInAdmin(h);
    const results = await Promise.allSettled([a.browser.call((c) => c.admin.users.remove({ id: b.userId })), b.browser.call((c) => c.admin.users.remove({ id: a.userId }))]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    // The second finds it lost its role while it waited: a refusal, not a deadlock's 500.
    expect(results.find((result) => result.status === 'rejected')).toMatchObject({ reason: { code: 'FORBIDDEN' } });
    expect([await exists(a.userId), await exists(b.userId)].filter(Boolean)).toHaveLength(1);
    expect(await db.select().from(userRoles).where(eq(userRoles.role, 'admin'))).toHaveLength(1);
  });
});

describe('what deletion leaves to others', () => {
  it('never sends a mail that was waiting for the deleted address', async () => {
    const h = harness();
    const user = await signedInUser(h);
    const later = new Date(Date.now() + 60_000);
    const waiting = await enqueueMail(db, { kind: 'review_decision', to: user.email, subject: 'Venter', text: 'Venter på utsending', links: [] }, later);
    await user.browser.call((c) => c.profile.deleteAccount({ password: user.password }));
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, waiting!));
    expect(row).toMatchObject({ status: 'suppressed', toAddress: '', subject: '', body: '' });
    const before = h.mailer.sent.length;
    await deliverMail(h, new Date(later.getTime() + 1000));
    expect(h.mailer.sent.slice(before).filter((mail) => mail.subject === 'Venter')).toEqual([]);
    // The goodbye mail, once sent, keeps no address either.
    const goodbye = await db.select({ to: mailOutbox.toAddress, status: mailOutbox.status }).from(mailOutbox).where(eq(mailOutbox.kind, 'account_deleted'));
    expect(goodbye.every((mail) => mail.status === 'sent' && mail.to === '')).toBe(true);
  });

  it('leaves an object storage refused to delete for the scheduled job, which removes it', async () => {
    const h = harness();
    const user = await signedInUser(h);
    const listingId = crypto.randomUUID();
    const image = await upload(user.browser, listingId);
    await user.browser.call((c) => c.seller.create({ id: listingId, fields, images: [{ uploadId: image.uploadId }] }));
    const failing: Harness = { ...h, storage: { ...h.storage, delete: () => Promise.reject(new Error('S3 svarer ikke')) } };
    const browser = new Browser(failing);
    browser.cookies = user.browser.cookies;
    await browser.call((c) => c.profile.deleteAccount({ password: user.password }));
    expect(await exists(user.userId)).toBe(false);
    const left = await db.select({ key: storageDeletions.storageKey }).from(storageDeletions);
    const keys = left.map((row) => row.key).filter((key) => key.includes(listingId) || key.includes(user.userId));
    expect(keys.length).toBeGreaterThan(0);
    await expect(retryStorageDeletions(failing)).rejects.toThrow('could not be removed');
    const [counted] = await db.select({ attempts: storageDeletions.attempts }).from(storageDeletions).where(eq(storageDeletions.storageKey, keys[0]!));
    expect(counted!.attempts).toBe(1);
    expect(await retryStorageDeletions(h)).toMatchObject({ left: 0 });
    expect(await db.select().from(storageDeletions)).toEqual([]);
    for (const key of keys) expect(await h.storage.size(key)).toBeNull();
  });
});
