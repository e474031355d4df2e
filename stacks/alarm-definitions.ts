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
  statistic?: 'Sum' | 'Maximum' | 'Average';
  extendedStatistic?: string;
  periodSeconds: number;
  evaluationPeriods: number;
  datapointsToAlarm: number;
  threshold: number;
  comparison: Comparison;
  /** No data is normal for errors (none happened); for the job's runs it means it stopped. */
  treatMissingData: 'notBreaching' | 'breaching';
  /**
   * Whether it mails when it changes state. A part of a composite alarm does not: the composite
   * mails (`COMPOSITE_ALARMS`).
   */
  notifies: boolean;
  /** CloudFront's metrics exist in us-east-1 only, so its alarm (and the topic it mails through) live there. */
  region?: 'us-east-1';
}

/** An alarm made of others (CloudWatch composite alarm): in ALARM when all of `allOf` are. */
export interface CompositeAlarmDefinition {
  key: string;
  description: string;
  allOf: string[];
}

/** A count made from the API's log lines (observability/request-log.ts, http/client-error.ts). */
export interface LogMetricDefinition {
  key: string;
  pattern: string;
  metricName: string;
}

export interface AlarmTargets<T> {
  stage: string;
  functions: { api: T; seo: T; cron: T; mailEvents: T };
  /** The Router's CloudFront distribution. */
  distributionId: T;
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
const DAY = 86_400;

/** Custom metrics live under the stage, so two stages' counts never mix. */
export const logMetricNamespace = (stage: string) => `Bedriftstorget/${stage}`;

export const API_LOG_METRICS: LogMetricDefinition[] = [
  { key: 'api-5xx', metricName: 'Api5xx', pattern: '{ $.type = "request" && $.status >= 500 }' },
  { key: 'client-errors', metricName: 'ClientErrors', pattern: '{ $.type = "client-error" }' },
];

/** p95 Duration that calls for a look: well under each function's timeout (stacks/api.ts 30 s, seo.ts 20 s, review-queue.ts 2 min). */
export const P95_DURATION_MS = { api: 3_000, seo: 3_000, cron: 60_000 } as const;

const sum = { statistic: 'Sum' as const, comparison: 'GreaterThanOrEqualToThreshold' as const, treatMissingData: 'notBreaching' as const, notifies: true };

/** CloudFront's share of 5xx answers (viewer requests, in %) that is an outage rather than one bad request. */
export const CLOUDFRONT_5XX_RATE_PERCENT = 5;

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
      comparison: 'GreaterThanOrEqualToThreshold', treatMissingData: 'notBreaching', notifies: true,
      // Sustained, not one slow cold start: three 5-minute periods in a row (the job: two runs).
      evaluationPeriods: fn === 'cron' ? 2 : 3, datapointsToAlarm: fn === 'cron' ? 2 : 3, threshold: P95_DURATION_MS[fn],
      description: `${label} is slow: p95 Duration at least ${P95_DURATION_MS[fn]} ms. Find the slow requests and their database round trips in Logs Insights.`,
    },
  ];
}

/**
 * The bounce and complaint subscriber (stacks/mail-events.ts): a failing invocation means SNS retries
 * and, in the end, an address that bounced is mailed again.
 */
function mailEventsAlarms<T>(name: T): AlarmDefinition<T>[] {
  const lambda = { namespace: 'AWS/Lambda', dimensions: { FunctionName: name }, periodSeconds: FIVE_MINUTES, evaluationPeriods: 1, datapointsToAlarm: 1, threshold: 1, ...sum };
  return [
    { key: 'mail-events-errors', ...lambda, metricName: 'Errors', description: 'The bounce and complaint subscriber failed (SNS retries it): addresses that bounce may not be marked. Read its log.' },
    { key: 'mail-events-throttles', ...lambda, metricName: 'Throttles', description: "The bounce and complaint subscriber was refused by Lambda's concurrency limit. Check the account's concurrency quota." },
  ];
}

/**
 * `cron-stopped` (a composite, COMPOSITE_ALARMS): the job has not run for an hour, and it has run in
 * the last week. Without the second part a new stage's alarm fires at once: Lambda writes no
 * Invocations datapoint before the first run, and missing data is what "stopped" must count as
 * (decision 111). A job stopped for a week clears (its week without runs is the second part's no data).
 */
function cronRunsAlarms<T>(cron: T): AlarmDefinition<T>[] {
  const invocations = { namespace: 'AWS/Lambda', dimensions: { FunctionName: cron }, statistic: 'Sum' as const, metricName: 'Invocations', threshold: 1, notifies: false };
  return [
    {
      key: 'cron-no-runs', ...invocations, periodSeconds: HOUR, evaluationPeriods: 1, datapointsToAlarm: 1, comparison: 'LessThanThreshold', treatMissingData: 'breaching',
      description: 'Part of cron-stopped: no run of the scheduled job in the last hour.',
    },
    {
      key: 'cron-has-run', ...invocations, periodSeconds: DAY, evaluationPeriods: 7, datapointsToAlarm: 1, comparison: 'GreaterThanOrEqualToThreshold', treatMissingData: 'notBreaching',
      description: 'Part of cron-stopped: the scheduled job has run in the last 7 days (so its silence means something).',
    },
  ];
}

export const COMPOSITE_ALARMS: CompositeAlarmDefinition[] = [
  {
    key: 'cron-stopped',
    allOf: ['cron-no-runs', 'cron-has-run'],
    description: 'The scheduled job has not run for an hour (it runs every 15 minutes): the rule is disabled or gone. Alerts, reminders and cleanup have stopped.',
  },
];

export function alarmDefinitions<T>(targets: AlarmTargets<T>): AlarmDefinition<T>[] {
  const { api, seo, cron, mailEvents } = targets.functions;
  const custom = { namespace: logMetricNamespace(targets.stage), dimensions: {} as Record<string, T>, ...sum };
  const alarms: AlarmDefinition<T>[] = [
    ...functionAlarms('api', api),
    ...functionAlarms('seo', seo),
    ...functionAlarms('cron', cron),
    ...mailEventsAlarms(mailEvents),
    ...cronRunsAlarms(cron),
    {
      key: 'cron-failed-invocations', namespace: 'AWS/Events', dimensions: { RuleName: targets.cronRule }, ...sum,
      metricName: 'FailedInvocations', periodSeconds: QUARTER, evaluationPeriods: 1, datapointsToAlarm: 1, threshold: 1,
      description: 'EventBridge could not start the scheduled job (permissions, the function missing). Check the rule\'s target.',
    },
    {
      key: 'api-5xx', ...custom, metricName: 'Api5xx', periodSeconds: FIVE_MINUTES, evaluationPeriods: 1, datapointsToAlarm: 1, threshold: 5,
      description: 'The API answered 5 or more requests with 5xx in 5 minutes (503: the database is away). Its log lines carry each cause.',
    },
    {
      key: 'client-errors', ...custom, metricName: 'ClientErrors', periodSeconds: QUARTER, evaluationPeriods: 1, datapointsToAlarm: 1, threshold: 25,
      description: 'Browsers reported 25 or more errors in 15 minutes: often a broken deploy. Group them by message in Logs Insights.',
    },
    {
      // What viewers got from the edge: the functions' 5xx, the bucket's, and CloudFront's own 502/503/504
      // (an origin that timed out or could not be reached), which no function log sees. 15 minutes in a row.
      key: 'cloudfront-5xx-rate', namespace: 'AWS/CloudFront', dimensions: { DistributionId: targets.distributionId, Region: 'Global' as T },
      statistic: 'Average', metricName: '5xxErrorRate', periodSeconds: FIVE_MINUTES, evaluationPeriods: 3, datapointsToAlarm: 3,
      threshold: CLOUDFRONT_5XX_RATE_PERCENT, comparison: 'GreaterThanOrEqualToThreshold', treatMissingData: 'notBreaching', notifies: true, region: 'us-east-1',
      description: `CloudFront answered ${CLOUDFRONT_5XX_RATE_PERCENT} % or more of requests with 5xx for 15 minutes: an origin is failing or timing out. The api-5xx and errors alarms say which; the distribution's reports in the CloudFront console show the paths.`,
    },
  ];
  if (!targets.accountAlarms) return alarms;
  const ses = { namespace: 'AWS/SES', dimensions: {} as Record<string, T>, statistic: 'Maximum' as const, periodSeconds: QUARTER, evaluationPeriods: 1, datapointsToAlarm: 1, notifies: true };
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
