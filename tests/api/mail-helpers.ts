import { SESv2ServiceException, TooManyRequestsException } from '@aws-sdk/client-sesv2';
import { and, eq, inArray } from 'drizzle-orm';
import { mailOutbox } from '@bedriftstorget/core/mail/mail.sql';
import { MailSendError } from '@bedriftstorget/api/adapters/mailer';
import type { Clock } from '@bedriftstorget/api/mail/send-rate';
import { db } from './harness';

/** As the SES adapter throws them: its wrapper around the SDK's own error (adapters/mailer.ts). */
const wrapped = (cause: Error) => new MailSendError(`SES could not send: ${cause.name}: ${cause.message}`, { cause });

/** SES answered with an error (an outage): the mail was not accepted and may be tried again. */
export const sesOutage = () =>
  wrapped(new SESv2ServiceException({ name: 'InternalFailure', $fault: 'server', $metadata: { httpStatusCode: 500 }, message: 'We encountered an internal error.' }));

/** SES's sending rate or daily quota. */
export const sesThrottled = () => wrapped(new TooManyRequestsException({ $metadata: { httpStatusCode: 429 }, message: 'Maximum sending rate exceeded.' }));

/** A send that never got an answer: SES may have accepted it. */
export const sesNoAnswer = () => wrapped(Object.assign(new Error('socket hang up'), { name: 'TimeoutError', code: 'ECONNRESET' }));

/** Time that moves only when the code under test sleeps: a rate is measured without waiting. */
export class TestClock implements Clock {
  sleeps: number[] = [];
  constructor(public ms = Date.UTC(2030, 0, 7, 12)) {}
  now(): number {
    return this.ms;
  }
  sleep(ms: number): Promise<void> {
    this.sleeps.push(ms);
    this.ms += ms;
    return Promise.resolve();
  }
}

/** The outbox rows to one address, oldest first. */
export async function outboxTo(email: string) {
  return db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(mailOutbox.createdAt);
}

/** Takes rows a test left due out of the way of later tests' runs (they share the worker's database). */
export async function retire(ids: string[]): Promise<void> {
  if (ids.length) await db.update(mailOutbox).set({ status: 'failed', lastError: 'test' }).where(and(inArray(mailOutbox.id, ids), inArray(mailOutbox.status, ['pending', 'sending'])));
}
