import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { auth as texts, mail } from '@bedriftstorget/core/texts/nb';
import { E2E } from './env';
import { signIn, signUp, uniqueEmail } from './helpers';

/** Every JSON copy in the outbox folder to one address. */
async function mailsTo(to: string): Promise<{ subject: string; links: string[] }[]> {
  const dir = join(E2E.dataDir, 'outbox');
  const names = (await readdir(dir).catch(() => [] as string[])).sort();
  const mails = await Promise.all(names.map(async (name) => JSON.parse(await readFile(join(dir, name), 'utf8')) as { to: string; subject: string; links: string[] }));
  return mails.filter((m) => m.to === to);
}

test("sign-up says the mail is on its way; 'Send e-posten på nytt' sends one more; both arrive in the local inbox", async ({ page }) => {
  const email = uniqueEmail('innboks');
  await signUp(page, email, 'hemmelig1');
  const notice = page.getByRole('status');
  await expect(notice.getByText(texts.signedUpText)).toBeVisible();
  await expect.poll(async () => (await mailsTo(email)).length).toBe(1);

  await notice.getByRole('button', { name: texts.resendConfirmation }).click();
  await expect(notice.getByText(texts.resendConfirmationDone)).toBeVisible();
  await expect.poll(async () => (await mailsTo(email)).length).toBe(2);
  const [first, second] = await mailsTo(email);
  expect(second!.subject).toBe(mail.confirmSubject);
  expect(second!.links[0]).not.toBe(first!.links[0]);

  // The same mails went through the SESv2 client to the local SES endpoint: its web inbox shows them.
  const inbox = await page.context().newPage();
  await inbox.goto(E2E.inboxUrl);
  await expect(inbox.getByText(email).first()).toBeVisible();
  await expect(inbox.getByText(mail.confirmSubject).first()).toBeVisible();

  // The newest link confirms the account.
  await page.goto(second!.links[0]!);
  await expect(page.getByText(texts.confirmed)).toBeVisible();
});

test("signing in before confirming mails nothing; the login form offers 'Send e-posten på nytt', which does", async ({ page }) => {
  const email = uniqueEmail('ubekreftet');
  await signUp(page, email, 'hemmelig1');
  await expect.poll(async () => (await mailsTo(email)).length).toBe(1);

  for (let attempt = 0; attempt < 2; attempt += 1) await signIn(page, email, 'hemmelig1');
  const notice = page.getByRole('alert').filter({ hasText: texts.emailNotConfirmed });
  await expect(notice).toBeVisible();
  expect(await mailsTo(email)).toHaveLength(1);

  await notice.getByRole('button', { name: texts.resendConfirmation }).click();
  await expect(page.getByText(texts.resendConfirmationDone)).toBeVisible();
  await expect.poll(async () => (await mailsTo(email)).length).toBe(2);
});
