/**
 * The alarms stacks/alarms.ts deploys (decision 073), read from the same pure definitions: each
 * function's errors, throttles and p95 duration, the scheduled job's failures, SES reputation at
 * AWS's review thresholds, and counts from the API's log lines whose filter patterns match the
 * lines the handler really writes.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { observeRequest } from '@bedriftstorget/api/observability/request-log';
import { alarmDefinitions, API_LOG_METRICS, COMPOSITE_ALARMS, type AlarmDefinition } from '../../stacks/alarm-definitions';
import { matchesFilterPattern as matchesPattern } from '../setup/filter-pattern';

const targets = { stage: 'production', functions: { api: 'api-fn', seo: 'seo-fn', cron: 'cron-fn', mailEvents: 'mail-events-fn' }, distributionId: 'E123', cronRule: 'cron-rule', accountAlarms: true };
const alarms = alarmDefinitions(targets);
const byKey = (key: string): AlarmDefinition<string> => {
  const alarm = alarms.find((a) => a.key === key);
  if (!alarm) throw new Error(`no alarm ${key}`);
  return alarm;
};

afterEach(() => vi.restoreAllMocks());

describe('the alarm definitions', () => {
  it.each([['api', 'api-fn'], ['seo', 'seo-fn'], ['cron', 'cron-fn']])('watch the %s function: Errors and Throttles (any), p95 Duration', (fn, name) => {
    for (const metric of ['Errors', 'Throttles']) {
      expect(byKey(`${fn}-${metric.toLowerCase()}`)).toMatchObject({
        namespace: 'AWS/Lambda', metricName: metric, dimensions: { FunctionName: name }, statistic: 'Sum', threshold: 1, comparison: 'GreaterThanOrEqualToThreshold', treatMissingData: 'notBreaching',
      });
    }
    const duration = byKey(`${fn}-duration-p95`);
    expect(duration).toMatchObject({ namespace: 'AWS/Lambda', metricName: 'Duration', dimensions: { FunctionName: name }, extendedStatistic: 'p95' });
    expect(duration.statistic).toBeUndefined();
  });

  it('tell when the scheduled job fails, cannot be started, or stops running', () => {
    expect(byKey('cron-errors')).toMatchObject({ metricName: 'Errors', dimensions: { FunctionName: 'cron-fn' }, periodSeconds: 900 });
    expect(byKey('cron-failed-invocations')).toMatchObject({ namespace: 'AWS/Events', metricName: 'FailedInvocations', dimensions: { RuleName: 'cron-rule' } });
    // Four runs an hour: none at all (no data) is the alarm's first part; its second, that the job has run at all.
    expect(byKey('cron-no-runs')).toMatchObject({ metricName: 'Invocations', periodSeconds: 3600, threshold: 1, comparison: 'LessThanThreshold', treatMissingData: 'breaching', notifies: false });
    expect(byKey('cron-has-run')).toMatchObject({ metricName: 'Invocations', periodSeconds: 86_400, evaluationPeriods: 7, datapointsToAlarm: 1, comparison: 'GreaterThanOrEqualToThreshold', treatMissingData: 'notBreaching', notifies: false });
    expect(COMPOSITE_ALARMS).toEqual([expect.objectContaining({ key: 'cron-stopped', allOf: ['cron-no-runs', 'cron-has-run'] })]);
  });

  it('watch the bounce subscriber and what viewers get from CloudFront (in us-east-1, where its metrics are)', () => {
    for (const metric of ['Errors', 'Throttles']) {
      expect(byKey(`mail-events-${metric.toLowerCase()}`)).toMatchObject({ namespace: 'AWS/Lambda', metricName: metric, dimensions: { FunctionName: 'mail-events-fn' }, threshold: 1, notifies: true });
    }
    expect(byKey('cloudfront-5xx-rate')).toMatchObject({
      namespace: 'AWS/CloudFront', metricName: '5xxErrorRate', dimensions: { DistributionId: 'E123', Region: 'Global' }, statistic: 'Average', threshold: 5, region: 'us-east-1', evaluationPeriods: 3, datapointsToAlarm: 3,
    });
    expect(alarms.filter((a) => a.region === 'us-east-1').map((a) => a.key)).toEqual(['cloudfront-5xx-rate']);
  });

  it('watch SES reputation at AWS\'s review thresholds (bounces 5 %, complaints 0.1 %), in the stage that owns the account\'s alarms only', () => {
    expect(byKey('ses-bounce-rate')).toMatchObject({ namespace: 'AWS/SES', metricName: 'Reputation.BounceRate', dimensions: {}, threshold: 0.05, comparison: 'GreaterThanOrEqualToThreshold' });
    expect(byKey('ses-complaint-rate')).toMatchObject({ namespace: 'AWS/SES', metricName: 'Reputation.ComplaintRate', dimensions: {}, threshold: 0.001, comparison: 'GreaterThanOrEqualToThreshold' });
    const testStage = alarmDefinitions({ ...targets, stage: 'test', accountAlarms: false });
    expect(testStage.filter((alarm) => alarm.namespace === 'AWS/SES')).toEqual([]);
    expect(testStage).toHaveLength(alarms.length - 2);
  });

  it('are valid CloudWatch alarms: unique names, one kind of statistic, descriptions within 1024 characters', () => {
    expect(new Set([...alarms, ...COMPOSITE_ALARMS].map((a) => a.key)).size).toBe(alarms.length + COMPOSITE_ALARMS.length);
    for (const alarm of alarms) {
      expect(Boolean(alarm.statistic) !== Boolean(alarm.extendedStatistic), alarm.key).toBe(true);
      expect(alarm.description.length, alarm.key).toBeLessThanOrEqual(1024);
      expect(alarm.datapointsToAlarm, alarm.key).toBeLessThanOrEqual(alarm.evaluationPeriods);
      expect(alarm.periodSeconds % 60, alarm.key).toBe(0);
      // PutMetricAlarm: period × evaluation periods at most 7 days, and at most a day for periods under an hour.
      expect(alarm.periodSeconds * alarm.evaluationPeriods, alarm.key).toBeLessThanOrEqual(alarm.periodSeconds < 3600 ? 86_400 : 604_800);
    }
    for (const composite of COMPOSITE_ALARMS) for (const key of composite.allOf) expect(byKey(key).notifies, key).toBe(false);
    // The API's log metrics: each has its alarm, under the stage's own namespace.
    for (const metric of API_LOG_METRICS) expect(byKey(metric.key)).toMatchObject({ namespace: 'Bedriftstorget/production', metricName: metric.metricName });
  });
});

async function loggedLine(status: number): Promise<string> {
  const printed: string[] = [];
  const keep = (text: unknown) => void printed.push(String(text));
  vi.spyOn(console, 'log').mockImplementation(keep);
  vi.spyOn(console, 'error').mockImplementation(keep);
  await observeRequest({ route: 'trpc', method: 'GET', procedures: ['x.y'] }, () => Promise.resolve(new Response(null, { status })));
  vi.restoreAllMocks();
  return printed[0]!;
}

describe('the API\'s log metrics', () => {
  const pattern = (key: string) => API_LOG_METRICS.find((m) => m.key === key)!.pattern;

  it('count the handler\'s own request lines with a 5xx status, and no others', async () => {
    for (const status of [500, 503]) expect(matchesPattern(pattern('api-5xx'), await loggedLine(status)), String(status)).toBe(true);
    for (const status of [200, 204, 400, 429]) expect(matchesPattern(pattern('api-5xx'), await loggedLine(status)), String(status)).toBe(false);
  });

  it('count the browsers\' error reports, not request lines', async () => {
    const report = JSON.stringify({ type: 'client-error', requestId: 'r', kind: 'error', message: 'Error: x', path: '/', userAgent: 'ua' });
    expect(matchesPattern(pattern('client-errors'), report)).toBe(true);
    expect(matchesPattern(pattern('client-errors'), await loggedLine(500))).toBe(false);
  });
});
