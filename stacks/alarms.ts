import { api } from './api';
import { alarmDefinitions, API_LOG_METRICS, COMPOSITE_ALARMS, logMetricNamespace } from './alarm-definitions';
import { mailEventsSubscriber } from './mail-events';
import { reviewQueue } from './review-queue';
import { router } from './router';
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

/**
 * CloudFront's metrics are in us-east-1 only, and an alarm mails through a topic in its own region:
 * a second topic there, so a second subscription mail to confirm (README 'Drift'; `ops preflight` checks both).
 */
const usEast1 = new aws.Provider('UsEast1', { region: 'us-east-1' });
export const opsTopicUsEast1 = new aws.sns.Topic('OpsAlarmsUsEast1', {}, { provider: usEast1 });
new aws.sns.TopicSubscription('OpsAlarmsMailUsEast1', { topic: opsTopicUsEast1.arn, protocol: 'email', endpoint: opsEmail.value }, { provider: usEast1 });

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
  functions: { api: functionName(api), seo: functionName(seo), cron: reviewQueue.nodes.function.name, mailEvents: mailEventsSubscriber.apply((subscriber) => subscriber.nodes.function.apply((fn) => fn.name)) },
  distributionId: router.nodes.cdn.apply((cdn) => cdn.nodes.distribution.id),
  cronRule: reviewQueue.nodes.rule.name,
  accountAlarms: $app.stage === 'production',
});

const alarmName = (key: string) => `${$app.name}-${$app.stage}-${key}`;
const created = new Map<string, aws.cloudwatch.MetricAlarm>();
for (const alarm of definitions) {
  const topic = alarm.region === 'us-east-1' ? opsTopicUsEast1 : opsTopic;
  const actions = alarm.notifies ? { alarmActions: [topic.arn], okActions: [topic.arn] } : { actionsEnabled: false };
  created.set(alarm.key, new aws.cloudwatch.MetricAlarm(`Alarm-${alarm.key}`, {
    name: alarmName(alarm.key),
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
    ...actions,
  }, alarm.region === 'us-east-1' ? { provider: usEast1 } : {}));
}

for (const composite of COMPOSITE_ALARMS) {
  new aws.cloudwatch.CompositeAlarm(`Alarm-${composite.key}`, {
    alarmName: alarmName(composite.key),
    alarmDescription: composite.description,
    alarmRule: composite.allOf.map((key) => `ALARM("${alarmName(key)}")`).join(' AND '),
    alarmActions: [opsTopic.arn],
    okActions: [opsTopic.arn],
  }, { dependsOn: composite.allOf.map((key) => created.get(key)!) });
}
