import { runReviewQueue } from '../admin/review-queue';
import type { Services } from '../context';
import { sendDraftReminders } from './draft-reminders';
import { runListingExpiry } from './listing-expiry';
import { runHousekeeping } from './housekeeping';
import { removeStaleUploads } from '../seller/uploads';
import { matchQueuedListings } from '../saved-search/match';
import { sendSavedSearchAlerts } from '../saved-search/send';

type Step = (services: Services, now: Date) => Promise<unknown>;

/**
 * Everything the schedule runs, in order: the Cron in the cloud, `npm run ops -- review-queue`
 * and the local server's timer all call this. Add a step with one line.
 */
const STEPS: [name: string, run: Step][] = [
  ['housekeeping', (services, now) => runHousekeeping(services.db, now)],
  ['reviewQueue', runReviewQueue],
  ['draftReminders', sendDraftReminders],
  ['staleUploads', removeStaleUploads],
  // Matching first, so a listing approved before this run is mailed to 'Straks' searches in it.
  ['savedSearchMatch', (services) => matchQueuedListings(services.db)],
  ['savedSearchAlerts', sendSavedSearchAlerts],
  ['listingExpiry', runListingExpiry],
];

export type StepOutcome = { ok: true; result: unknown } | { ok: false; error: string };

/** Each step's failure is logged and reported without stopping the steps after it. */
export async function runScheduledJobs(services: Services, now = new Date()): Promise<Record<string, StepOutcome>> {
  const summary: Record<string, StepOutcome> = {};
  for (const [name, run] of STEPS) {
    try {
      summary[name] = { ok: true, result: await run(services, now) };
    } catch (error) {
      console.error(`scheduled step ${name} failed`, error);
      summary[name] = { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  }
  return summary;
}

/** True when every step succeeded: the CLI's exit code and the Cron's retry decision. */
export function allSucceeded(summary: Record<string, StepOutcome>): boolean {
  return Object.values(summary).every((outcome) => outcome.ok);
}
