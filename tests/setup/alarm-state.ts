import type { AlarmDefinition, CompositeAlarmDefinition } from '../../stacks/alarm-definitions';

/**
 * How a CloudWatch metric alarm decides its state, as the user guide describes it ("Configuring how
 * CloudWatch alarms treat missing data"), for a metric such as Lambda's Invocations that has no
 * datapoint in a period without any (not a zero): the last `evaluationPeriods` periods before `at`,
 * each its sum or missing; missing ones count as breaching or not as `treatMissingData` says; ALARM
 * when at least `datapointsToAlarm` breach. A composite alarm is in ALARM when all its parts are.
 */
export type AlarmState = 'ALARM' | 'OK';

export function metricAlarmState(alarm: AlarmDefinition<string>, events: readonly number[], at: number): AlarmState {
  const period = alarm.periodSeconds * 1000;
  let breaching = 0;
  for (let k = 0; k < alarm.evaluationPeriods; k += 1) {
    const [from, to] = [at - (k + 1) * period, at - k * period];
    const count = events.filter((time) => time > from && time <= to).length;
    const breaches = count === 0
      ? alarm.treatMissingData === 'breaching'
      : alarm.comparison === 'LessThanThreshold' ? count < alarm.threshold : count >= alarm.threshold;
    if (breaches) breaching += 1;
  }
  return breaching >= alarm.datapointsToAlarm ? 'ALARM' : 'OK';
}

export function compositeAlarmState(composite: CompositeAlarmDefinition, alarms: readonly AlarmDefinition<string>[], events: readonly number[], at: number): AlarmState {
  const part = (key: string) => alarms.find((alarm) => alarm.key === key)!;
  return composite.allOf.every((key) => metricAlarmState(part(key), events, at) === 'ALARM') ? 'ALARM' : 'OK';
}
