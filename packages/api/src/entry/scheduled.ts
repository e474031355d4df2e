import { runHousekeeping } from '../jobs/housekeeping';
import { cloudServices } from './cloud';

/**
 * The scheduled job (sst.aws.Cron, every 15 minutes). Today it keeps the auth tables small; the
 * review queue (admin alerts, overdue marks, draft reminders, stale uploads) joins it with the
 * admin issue, through the same ops command locally.
 */
export async function handler(): Promise<void> {
  const result = await runHousekeeping(cloudServices().db);
  console.log('housekeeping', JSON.stringify(result));
}
