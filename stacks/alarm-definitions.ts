/**
 * What is watched in the cloud and when someone is mailed (decision 073), as plain data (no SST
 * globals) so tests/unit/alarms.test.ts reads exactly what stacks/alarms.ts deploys. `T` is a
 * resource name: a string in tests, a Pulumi Output in the stack. README 'Drift' says what each
 * alarm means and what to do; each description is the first thing the mail says.
 */

export type Comparison = 'GreaterThanOrEqualToThreshold' | 'LessThanThreshold';

export interface AlarmDefinition<T> {
  /** The alarm's name after `<app>-<stage>-`. */
  key: string;
  description: string;
  namespace: string;
  metricName: string;
  dimensions: Record<string, T>;
  /** Exactly one of statistic and extendedStatistic (a percentile such as p95). */
  statistic?: 'Sum' | 'Maximum';
  extendedStatistic?: string;
  periodSeconds: number;
  evaluationPeriods: number;
  datapointsToAlarm: number;
  threshold: number;
  comparison: Comparison;
  /** No data is normal for errors (none happened); for the job's runs it means it stopped. */
  treatMissingData: 'notBreaching' | 'breaching';
}

/** A count made from the API's log lines (observability/request-log.ts, http/client-error.ts). */
export interface LogMetricDefinition {
  key: string;
  pattern: string;
  metricName: string;
}

export interface AlarmTargets<T> {
  stage: string;
  functions: { api: T; seo: T; cron: T };
  /** The EventBridge rule that starts the scheduled job. */
  cronRule: T;
  /**
   * SES reputation is per account and region, not per stage: one stage (production) owns those
   * alarms, so a test stage in the same account does not mail its own copy of them.
   */
  accountAlarms: boolean;
}

const FIVE_MINUTES = 300;
const QUARTER = 900;
const HOUR = 3600;

/** Custom metrics live under the stage, so two stages' counts never mix. */
export const logMetricNamespace = (stage: string) => `Bedriftstorget/${stage}`;

export const API_LOG_METRICS: LogMetricDefinition[] = [
  { key: 'api-5xx', metricName: 'Api5xx', pattern: '{ $.type = "request" && $.status >= 500 }' },
  { key: 'client-errors', metricName: 'ClientErrors', pattern: '{ $.type = "client-error" }' },
];

/** p95 Duration that calls for a look: well under each function's timeout (stacks/api.ts 30 s, seo.ts 20 s, review-queue.ts 2 min). */
export const P95_DURATION_MS = { api: 3_000, seo: 3_000, cron: 60_000 } as const;

const sum = { statistic: 'Sum' as const, comparison: 'GreaterThanOrEqualToThreshold' as const, treatMissingData: 'notBreaching' as const };

function functionAlarms<T>(fn: 'api' | 'seo' | 'cron', name: T): AlarmDefinition<T>[] {
  const label = { api: 'The API function (/trpc)', seo: 'The SEO function (/bedrift, /alle-annonser, sitemap, robots)', cron: 'The scheduled job' }[fn];
  // The job runs every 15 minutes: one datapoint per quarter; the request functions are judged per 5 minutes.
  const period = fn === 'cron' ? QUARTER : FIVE_MINUTES;
  const lambda = { namespace: 'AWS/Lambda', dimensions: { FunctionName: name }, periodSeconds: period };
  return [
    {
      key: `${fn}-errors`, ...lambda, ...sum, metricName: 'Errors', evaluationPeriods: 1, datapointsToAlarm: 1, threshold: 1,
      description: fn === 'cron'
        ? 'The scheduled job failed: a step threw, or the run timed out. Read its log for the failed step.'
        : `${label} crashed or timed out (not a 5xx it answered). Read its log around the time of the alarm.`,
    },
    {
      key: `${fn}-throttles`, ...lambda, ...sum, metricName: 'Throttles', evaluationPeriods: 1, datapointsToAlarm: 1, threshold: 1,
      description: `${label} was refused by Lambda's concurrency limit. Check the account's concurrency quota and what else runs.`,
    },
    {
      key: `${fn}-duration-p95`, ...lambda, extendedStatistic: 'p95', metricName: 'Duration',
      comparison: 'GreaterThanOrEqualToThreshold', treatMissingData: 'notBreaching',
      // Sustained, not one slow cold start: three 5-minute periods in a row (the job: two runs).
      evaluationPeriods: fn === 'cron' ? 2 : 3, datapointsToAlarm: fn === 'cron' ? 2 : 3, threshold: P95_DURATION_MS[fn],
      description: `${label} is slow: p95 Duration at least ${P95_DURATION_MS[fn]} ms. Find the slow requests and their database round trips in Logs Insights.`,
    },
  ];
}

export function alarmDefinitions<T>(targets: AlarmTargets<T>): AlarmDefinition<T>[] {
  const { api, seo, cron } = targets.functions;
  const custom = { namespace: logMetricNamespace(targets.stage), dimensions: {} as Record<string, T>, ...sum };
  const alarms: AlarmDefinition<T>[] = [
    ...functionAlarms('api', api),
    ...functionAlarms('seo', seo),
    ...functionAlarms('cron', cron),
    {
      key: 'cron-failed-invocations', namespace: 'AWS/Events', dimensions: { RuleName: targets.cronRule }, ...sum,
      metricName: 'FailedInvocations', periodSeconds: QUARTER, evaluationPeriods: 1, datapointsToAlarm: 1, threshold: 1,
      description: 'EventBridge could not start the scheduled job (permissions, the function missing). Check the rule\'s target.',
    },
    {
      key: 'cron-stopped', namespace: 'AWS/Lambda', dimensions: { FunctionName: cron }, statistic: 'Sum', metricName: 'Invocations',
      periodSeconds: HOUR, evaluationPeriods: 1, datapointsToAlarm: 1, threshold: 1, comparison: 'LessThanThreshold', treatMissingData: 'breaching',
      description: 'The scheduled job has not run for an hour (it runs every 15 minutes): the rule is disabled or gone. Alerts, reminders and cleanup have stopped.',
    },
    {
      key: 'api-5xx', ...custom, metricName: 'Api5xx', periodSeconds: FIVE_MINUTES, evaluationPeriods: 1, datapointsToAlarm: 1, threshold: 5,
      description: 'The API answered 5 or more requests with 5xx in 5 minutes (503: the database is away). Its log lines carry each cause.',
    },
    {
      key: 'client-errors', ...custom, metricName: 'ClientErrors', periodSeconds: QUARTER, evaluationPeriods: 1, datapointsToAlarm: 1, threshold: 25,
      description: 'Browsers reported 25 or more errors in 15 minutes: often a broken deploy. Group them by message in Logs Insights.',
    },
  ];
  if (!targets.accountAlarms) return alarms;
  const ses = { namespace: 'AWS/SES', dimensions: {} as Record<string, T>, statistic: 'Maximum' as const, periodSeconds: QUARTER, evaluationPeriods: 1, datapointsToAlarm: 1 };
  return [
    ...alarms,
    {
      // AWS reviews an account at a 5 % bounce rate and may pause sending at 10 %.
      key: 'ses-bounce-rate', ...ses, metricName: 'Reputation.BounceRate', threshold: 0.05,
      comparison: 'GreaterThanOrEqualToThreshold', treatMissingData: 'notBreaching',
      description: 'SES bounce rate is at 5 % or more: AWS reviews the account there and may pause sending at 10 %. Find who is mailed to addresses that bounce.',
    },
    {
      // AWS reviews an account at a 0.1 % complaint rate and may pause sending at 0.5 %.
      key: 'ses-complaint-rate', ...ses, metricName: 'Reputation.ComplaintRate', threshold: 0.001,
      comparison: 'GreaterThanOrEqualToThreshold', treatMissingData: 'notBreaching',
      description: 'SES complaint rate is at 0.1 % or more: AWS reviews the account there and may pause sending at 0.5 %. Find which mail is marked as spam.',
    },
  ];
}
