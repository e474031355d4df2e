import { matchQueuedListings } from '@bedriftstorget/api/saved-search/match';
import { sendSavedSearchAlerts } from '@bedriftstorget/api/saved-search/send';
import { signedInAdmin } from './admin-helpers';
import { uniqueWord } from './fixtures';
import { createHarness, deliverMail, signedInUser, type Harness } from './harness';

/** The scheduled job's two saved-search steps and its outbox step, as one run. */
export async function runAlertJob(h: Harness, now = new Date()) {
  await matchQueuedListings(h.db);
  const queued = await sendSavedSearchAlerts(h, now);
  return { ...queued, outbox: await deliverMail(h, now) };
}

/** The alert mails (not the sign-up confirmation) to one address. */
export const alertsTo = (h: Harness, email: string) => h.mailer.to(email).filter((mail) => mail.headers?.['List-Unsubscribe']);

/** An admin, a seller and a buyer, and a word no other test uses. */
export async function alertWorld() {
  const h = createHarness();
  const admin = await signedInAdmin(h);
  const seller = await signedInUser(h);
  const buyer = await signedInUser(h);
  return { h, admin, seller, buyer, word: uniqueWord() };
}
