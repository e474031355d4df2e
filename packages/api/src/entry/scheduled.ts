import { runScheduledJobsOrThrow } from '../jobs/scheduled';
import { cloudServices } from './cloud';

/**
 * The scheduled job (sst.aws.Cron, every 15 minutes): every step of jobs/scheduled.ts, each on
 * its own. After all of them have run, a failed step fails the invocation, so it counts in the
 * function's Errors metric and the alarm fires. EventBridge invokes the function asynchronously,
 * and Lambda would retry a failed asynchronous invocation twice, re-running the steps that
 * succeeded; stacks/mail-events.ts sets the function's retries to 0, and the next run (15
 * minutes later) tries the failed step again.
 */
export async function handler(): Promise<void> {
  await runScheduledJobsOrThrow(cloudServices());
}
