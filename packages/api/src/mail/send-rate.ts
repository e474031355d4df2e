import type { Mailer } from '../adapters/mailer';

/** Time as the sender sees it; tests pass one that moves only when told (no sleeping in tests). */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * Keeps one process under SES's sending rate (decision 072): every send takes the next slot,
 * slots 1/rate seconds apart, so no second ever holds more than the rate. A throttling answer
 * pushes the next slot back. Per process: the job and a request in one process share it; two
 * processes (a Lambda instance and the Cron) each keep their own, and SES's throttling answer
 * (never counted as a failed attempt) covers the overlap.
 */
export class SendRate {
  private nextSlot = 0;
  constructor(readonly perSecond: number) {}

  /**
   * Takes the next slot and returns how long to wait for it. With `maxWaitMs`, a slot further
   * away is not taken and null is returned: the caller leaves the mail to the job.
   */
  reserve(now: number, maxWaitMs = Number.POSITIVE_INFINITY): number | null {
    const slot = Math.max(this.nextSlot, now);
    if (slot - now > maxWaitMs) return null;
    this.nextSlot = slot + 1000 / this.perSecond;
    return slot - now;
  }

  /** After SES said "too many": nothing goes out for `ms`. */
  backOff(now: number, ms: number): void {
    this.nextSlot = Math.max(this.nextSlot, now + ms);
  }
}

const rates = new WeakMap<Mailer, SendRate>();

/** The process's limiter for this transport, made at its first mail. */
export function sendRateFor(mailer: Mailer, perSecond: number): SendRate {
  let rate = rates.get(mailer);
  if (!rate || rate.perSecond !== perSecond) {
    rate = new SendRate(perSecond);
    rates.set(mailer, rate);
  }
  return rate;
}
