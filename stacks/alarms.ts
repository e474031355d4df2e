import { api } from './api';
import { alarmDefinitions, API_LOG_METRICS, logMetricNamespace } from './alarm-definitions';
import { reviewQueue } from './review-queue';
import { seo } from './seo';

/**
 * Someone is told when it breaks (decision 073): the alarms of alarm-definitions.ts mail the ops
 * address through one SNS topic, when they fire and when they clear. The address is the secret
 * `OpsEmail` (`npx sst secret set OpsEmail ops@… --stage NAME`); SNS mails it once to confirm the
 * subscription, and nothing arrives until that link is clicked (README 'Drift').
 */
const opsEmail = new sst.Secret('OpsEmail');

export const opsTopic = new aws.sns.Topic('OpsAlarms');
new aws.sns.TopicSubscription('OpsAlarmsMail', { topic: opsTopic.arn, protocol: 'email', endpoint: opsEmail.value });

/** The API's log lines counted into metrics: its 5xx answers and the browsers' error reports. */
const apiLogGroup = api.nodes.logGroup.apply((group) => {
  if (!group) throw new Error('The Api function has no log group for the 5xx and client error metrics');
  return group.name;
});
for (const metric of API_LOG_METRICS) {
  new aws.cloudwatch.LogMetricFilter(`Metric-${metric.key}`, {
    logGroupName: apiLogGroup,
    pattern: metric.pattern,
    metricTransformation: { name: metric.metricName, namespace: logMetricNamespace($app.stage), value: '1', defaultValue: '0' },
  });
}

const functionName = (fn: typeof api) => fn.nodes.function.name;
const definitions = alarmDefinitions({
  stage: $app.stage,
  functions: { api: functionName(api), seo: functionName(seo), cron: reviewQueue.nodes.function.name },
  cronRule: reviewQueue.nodes.rule.name,
  accountAlarms: $app.stage === 'production',
});

for (const alarm of definitions) {
  new aws.cloudwatch.MetricAlarm(`Alarm-${alarm.key}`, {
    name: `${$app.name}-${$app.stage}-${alarm.key}`,
    alarmDescription: alarm.description,
    namespace: alarm.namespace,
    metricName: alarm.metricName,
    dimensions: alarm.dimensions,
    statistic: alarm.statistic,
    extendedStatistic: alarm.extendedStatistic,
    period: alarm.periodSeconds,
    evaluationPeriods: alarm.evaluationPeriods,
    datapointsToAlarm: alarm.datapointsToAlarm,
    threshold: alarm.threshold,
    comparisonOperator: alarm.comparison,
    treatMissingData: alarm.treatMissingData,
    alarmActions: [opsTopic.arn],
    okActions: [opsTopic.arn],
  });
}
