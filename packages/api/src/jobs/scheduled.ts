import { runReviewQueue } from '../admin/review-queue';
import type { Services } from '../context';
import { sendDraftReminders } from './draft-reminders';
import { runListingExpiry } from './listing-expiry';
import { runHousekeeping } from './housekeeping';
import { removeStaleUploads } from '../seller/uploads';
import { matchQueuedListings } from '../saved-search/match';
import { sendSavedSearchAlerts } from '../saved-search/send';
import { deliverDueMail } from '../mail/deliver';
import { retryStorageDeletions } from '../privacy/storage-cleanup';
import { sweepOrphanObjects } from '../privacy/orphan-objects';
import { recheckPendingCompanies } from '../company/registry';
import { cleanDataRoom } from '../data-room/cleanup';
import { deleteEndedNdaRecords } from '../access/nda-records';
import { closeOffersOffSale } from '../offers/close';
import { expireOffers } from '../offers/expiry';
import { deleteEndedOfferRecords } from '../offers/records';

export type Step = (services: Services, now: Date) => Promise<unknown>;

/**
 * Everything the schedule runs, in order: the Cron in the cloud, `npm run ops -- review-queue`
 * and the local server's timer all call this. Add a step with one line.
 */
export const STEPS: [name: string, run: Step][] = [
  ['housekeeping', (services, now) => runHousekeeping(services.db, now)],
  // Taushetserklæringer of deleted accounts, two years on (decision 100).
  ['ndaRecords', (services, now) => deleteEndedNdaRecords(services.db, now)],
  // Accepted offers kept for the other party after a deletion, two years on (decision 122).
  ['offerRecords', (services, now) => deleteEndedOfferRecords(services, now)],
  ['reviewQueue', runReviewQueue],
  ['draftReminders', sendDraftReminders],
  ['staleUploads', removeStaleUploads],
  // Objects of deleted accounts that the request could not remove (decision 088).
  ['storageDeletions', retryStorageDeletions],
  // Stamped copies past their link, data-room uploads never confirmed (decision 097).
  ['dataRoom', cleanDataRoom],
  // Objects no row refers to, a day old at least, a few pages of each bucket per run (decision 133).
  ['orphanObjects', (services, now) => sweepOrphanObjects(services, now)],
  // Matching first, so a listing approved before this run is mailed to 'Straks' searches in it.
  ['savedSearchMatch', (services) => matchQueuedListings(services.db)],
  ['savedSearchAlerts', sendSavedSearchAlerts],
  ['listingExpiry', runListingExpiry],
  // Standing offers on listings no longer for sale (decision 128; the expiry just above among them),
  // then offers past their 'Akseptfrist'; before the outbox, which sends their mails.
  ['offerClosing', (services, now) => closeOffersOffSale(services, now)],
  ['offerExpiry', (services, now) => expireOffers(services, now)],
  // Companies saved while Enhetsregisteret was down or slow (decision 094).
  ['companyRegistry', recheckPendingCompanies],
  // Last, so the mails the steps above queued go out in this run (at SES's rate, within a budget).
  ['mailOutbox', deliverDueMail],
];

export type StepOutcome = { ok: true; result: unknown } | { ok: false; error: string };

/**
 * Each step runs on its own: a failing step is logged and reported, and the steps after it run
 * all the same. Nothing here retries a step: a step that failed is tried again at the next run,
 * and every step is safe to run again (its claims and the outbox make it so).
 */
export async function runScheduledJobs(services: Services, now = new Date(), steps = STEPS): Promise<Record<string, StepOutcome>> {
  const summary: Record<string, StepOutcome> = {};
  for (const [name, run] of steps) {
    try {
      summary[name] = { ok: true, result: await run(services, now) };
    } catch (error) {
      console.error(`scheduled step ${name} failed`, error);
      summary[name] = { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  }
  return summary;
}

/** True when every step succeeded: the CLI's exit code and the Cron's result. */
export function allSucceeded(summary: Record<string, StepOutcome>): boolean {
  return Object.values(summary).every((outcome) => outcome.ok);
}

/** Names the failed steps; thrown only after every step has run. */
export class ScheduledStepsFailed extends Error {
  constructor(readonly summary: Record<string, StepOutcome>) {
    const failed = Object.entries(summary).filter(([, outcome]) => !outcome.ok);
    super(`scheduled steps failed: ${failed.map(([name, outcome]) => `${name} (${outcome.ok ? '' : outcome.error})`).join('; ')}`);
  }
}

/**
 * The Cron's run: every step, one log line with the summary, then an error if any step failed —
 * so the invocation counts as failed (the alarm) only after the steps that work have done so.
 */
export async function runScheduledJobsOrThrow(services: Services, now = new Date(), steps = STEPS): Promise<Record<string, StepOutcome>> {
  const summary = await runScheduledJobs(services, now, steps);
  console.log('scheduled', JSON.stringify(summary));
  if (!allSucceeded(summary)) throw new ScheduledStepsFailed(summary);
  return summary;
}
