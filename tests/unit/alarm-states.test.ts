import { describe, expect, it } from 'vitest';
import { alarmDefinitions, COMPOSITE_ALARMS, type AlarmDefinition } from '../../stacks/alarm-definitions';
import { compositeAlarmState, metricAlarmState } from '../setup/alarm-state';

/**
 * `cron-stopped` through a new stage's first hours (decision 111): the job's runs as the Invocations
 * metric records them (a datapoint only in periods with a run), the alarm's state as CloudWatch
 * decides it (tests/setup/alarm-state.ts).
 */
const alarms = alarmDefinitions({ stage: 'production', functions: { api: 'a', seo: 's', cron: 'c', mailEvents: 'm' }, distributionId: 'E1', cronRule: 'r', accountAlarms: false });
const stopped = COMPOSITE_ALARMS.find((c) => c.key === 'cron-stopped')!;
const MINUTE = 60_000;
const deploy = Date.UTC(2030, 0, 7, 10, 7);
/** Every 15 minutes from the first run after the deploy, until `until` (minutes after it). */
const runs = (until: number) => Array.from({ length: Math.floor(until / 15) }, (_, i) => deploy + (i + 1) * 15 * MINUTE);
const state = (events: number[], minutes: number) => compositeAlarmState(stopped, alarms, events, deploy + minutes * MINUTE);

describe('cron-stopped', () => {
  it('stays quiet right after the first deploy, before the job has ever run', () => {
    for (const minutes of [1, 5, 14]) expect(state([], minutes), `${minutes} min`).toBe('OK');
    // The single alarm it replaces, missing data breaching, fired at once.
    const before: AlarmDefinition<string> = { ...alarms.find((a) => a.key === 'cron-no-runs')!, notifies: true };
    expect(metricAlarmState(before, [], deploy + MINUTE)).toBe('ALARM');
  });

  it('stays quiet while the job runs every 15 minutes', () => {
    for (const minutes of [16, 60, 61, 240, 24 * 60]) expect(state(runs(minutes), minutes), `${minutes} min`).toBe('OK');
  });

  it('fires once the job has not run for an hour, and keeps firing for days', () => {
    const events = runs(180);
    expect(state(events, 180 + 59)).toBe('OK');
    for (const minutes of [180 + 61, 180 + 5 * 60, 180 + 3 * 24 * 60]) expect(state(events, minutes), `${minutes} min`).toBe('ALARM');
  });
});
