import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Services } from '@bedriftstorget/api/context';
import { runScheduledJobsOrThrow, ScheduledStepsFailed, STEPS, type Step } from '@bedriftstorget/api/jobs/scheduled';
import { SendRate } from '@bedriftstorget/api/mail/send-rate';

afterEach(() => vi.restoreAllMocks());

describe('the scheduled job fails well', () => {
  it('a failing step neither stops nor repeats the others, and the run fails only after all have run', async () => {
    const ran: string[] = [];
    const step = (name: string, fails = false): [string, Step] => [
      name,
      () => {
        ran.push(name);
        return fails ? Promise.reject(new Error(`${name} brøt`)) : Promise.resolve({ done: name });
      },
    ];
    const steps = [step('housekeeping'), step('reviewQueue', true), step('draftReminders'), step('listingExpiry', true), step('mailOutbox')];
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const run = runScheduledJobsOrThrow({} as Services, new Date(), steps);
    await expect(run).rejects.toBeInstanceOf(ScheduledStepsFailed);
    await expect(run).rejects.toThrow('scheduled steps failed: reviewQueue (reviewQueue brøt); listingExpiry (listingExpiry brøt)');
    expect(ran).toEqual(['housekeeping', 'reviewQueue', 'draftReminders', 'listingExpiry', 'mailOutbox']);
    const failure = await run.then(() => null, (e: unknown) => e as ScheduledStepsFailed);
    expect(failure?.summary.draftReminders).toEqual({ ok: true, result: { done: 'draftReminders' } });
  });

  it('a run whose steps all succeed resolves with their results', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const summary = await runScheduledJobsOrThrow({} as Services, new Date(), [['one', () => Promise.resolve(1)]]);
    expect(summary).toEqual({ one: { ok: true, result: 1 } });
  });

  it('runs the outbox last, after every step that queues mail', () => {
    expect(STEPS.map(([name]) => name).at(-1)).toBe('mailOutbox');
  });
});

describe('SendRate', () => {
  it('spaces sends 1/rate apart, refuses a slot further than the wait allowed, and backs off after throttling', () => {
    const rate = new SendRate(4);
    expect([0, 0, 0, 0].map(() => rate.reserve(1000))).toEqual([0, 250, 500, 750]);
    expect(rate.reserve(1000, 500)).toBeNull();
    expect(rate.reserve(3000)).toBe(0);
    rate.backOff(3000, 1000);
    expect(rate.reserve(3000)).toBe(1000);
  });
});
