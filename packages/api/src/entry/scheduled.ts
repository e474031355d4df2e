import { allSucceeded, runScheduledJobs } from '../jobs/scheduled';
import { cloudServices } from './cloud';

/**
 * The scheduled job (sst.aws.Cron, every 15 minutes): housekeeping, the review queue's alerts
 * and the guest draft reminders (jobs/scheduled.ts). A failed step fails the invocation so it
 * shows in the function's errors; the asynchronous retry is safe because every step sends
 * only what it has claimed.
 */
export async function handler(): Promise<void> {
  const summary = await runScheduledJobs(cloudServices());
  console.log('scheduled', JSON.stringify(summary));
  if (!allSucceeded(summary)) throw new Error(`scheduled steps failed: ${JSON.stringify(summary)}`);
}
