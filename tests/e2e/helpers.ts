import { execFileSync } from 'node:child_process';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { detail } from '@bedriftstorget/core/texts/marketplace';
import { auth as texts, nav } from '@bedriftstorget/core/texts/nb';
import { consent } from '@bedriftstorget/core/texts/privacy';
import { wizard as wizardTexts } from '@bedriftstorget/core/texts/seller';
import { E2E } from './env';

export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.no`;
}

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  links: string[];
}

/** Mails already read from the outbox folder, by file name: a file is written once and never changed. */
const readMails = new Map<string, OutboxMail>();

/** The newest mail to `to` in the app's outbox, waiting for it to arrive. */
export async function latestMail(to: string, subject?: string): Promise<OutboxMail> {
  const dir = join(E2E.dataDir, 'outbox');
  // Up to 30 s by the clock: a mail the request could not send at once goes with the local outbox
  // step (every 5 s), and on a machine busy with other work that step itself can wait its turn.
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const names = (await readdir(dir).catch(() => [] as string[])).sort().reverse();
    for (const name of names) {
      const key = join(dir, name);
      // A file still being written does not parse yet: read again on the next pass.
      const mail = readMails.get(key) ?? (await readFile(key, 'utf8').then((text) => JSON.parse(text) as OutboxMail).catch(() => null));
      if (!mail) continue;
      readMails.set(key, mail);
      if (mail.to === to && (!subject || mail.subject === subject)) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${to} in ${dir}`);
}

/** The ops CLI against the test app's database, as an operator would run it. */
export function ops(...args: string[]): string {
  return execFileSync('npx', ['tsx', 'infra/ops/cli.ts', ...args], { env: { ...process.env, ...E2E.serverEnv }, encoding: 'utf8' });
}

export async function signUp(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth?mode=signup');
  await page.getByLabel(texts.email).fill(email);
  await page.getByLabel(texts.password).fill(password);
  await page.getByLabel(consent.label).check();
  await page.getByRole('button', { name: texts.signupButton }).click();
  await expect(page.getByText(texts.signedUp).first()).toBeVisible();
}

/** Signs up and follows the confirmation link from the outbox: the user ends signed in. */
export async function signUpAndConfirm(page: Page, email = uniqueEmail(), password = 'hemmelig1'): Promise<{ email: string; password: string }> {
  await signUp(page, email, password);
  const mail = await latestMail(email);
  await page.goto(mail.links[0]!);
  await expect(page.getByRole('button', { name: nav.myAccount })).toBeVisible();
  return { email, password };
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth?mode=login');
  await page.getByLabel(texts.email).fill(email);
  await page.getByLabel(texts.password).fill(password);
  await page.getByRole('button', { name: texts.loginButton }).click();
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: nav.myAccount }).click();
  await page.getByRole('menuitem', { name: nav.logout }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: nav.login })).toBeVisible();
}

/**
 * The listing page's one contact action, then one of its two ways (detail.sendMessage or
 * inquiryTexts.open). The ways stay open after a dialog closes, so a second call only picks.
 */
export async function contactSellerBy(page: Page, way: string): Promise<void> {
  const trigger = page.getByRole('button', { name: detail.contactSeller, exact: true }).first();
  if ((await trigger.getAttribute('aria-expanded')) !== 'true') await trigger.click();
  await page.getByRole('group', { name: detail.contactChoices }).first().getByRole('button', { name: way, exact: true }).click();
}

/**
 * 'Neste' through the wizard to its last step, as a person does: each press after the step before has
 * opened (step 1 may wait for Enhetsregisteret's answer; a press meanwhile is the same press).
 */
export async function wizardToLastStep(page: Page): Promise<void> {
  for (let step = 2; step <= 5; step += 1) {
    await page.getByRole('button', { name: wizardTexts.next }).click();
    await expect(page.getByText(wizardTexts.stepOf(step, 5))).toBeVisible();
  }
}
