import type { SNSEvent } from 'aws-lambda';
import * as z from 'zod';
import type { Database } from '../db/client';
import { suppressAddress, type SuppressionReason } from './suppression';

/**
 * What SES publishes for a bounce or a complaint. With a configuration set's event destination
 * (stacks/mail-events.ts) the type is `eventType`; an identity's feedback notifications name it
 * `notificationType` — both are read. Fields SES adds beyond these are ignored.
 */
const recipients = z.array(z.object({ emailAddress: z.string().min(3) })).default([]);
const sesEvent = z.object({
  eventType: z.string().optional(),
  notificationType: z.string().optional(),
  bounce: z
    .object({
      bounceType: z.string(),
      bounceSubType: z.string().optional(),
      bouncedRecipients: z.array(z.object({ emailAddress: z.string().min(3), diagnosticCode: z.string().optional() })).default([]),
    })
    .optional(),
  complaint: z.object({ complainedRecipients: recipients, complaintFeedbackType: z.string().optional() }).optional(),
});

export interface Suppression {
  email: string;
  reason: SuppressionReason;
  detail: string;
}

/**
 * The addresses one SES event makes undeliverable (decision 071). Only a Permanent bounce (the
 * address does not exist, or refuses for good): a Transient one (mailbox full, a greylisting
 * server) or an Undetermined one may work next time. Every complaint: the person said "spam".
 */
export function suppressionsFrom(message: unknown): Suppression[] {
  const parsed = sesEvent.safeParse(message);
  if (!parsed.success) return [];
  const event = parsed.data;
  const type = event.eventType ?? event.notificationType;
  if (type === 'Bounce' && event.bounce?.bounceType === 'Permanent') {
    const kind = `${event.bounce.bounceType}/${event.bounce.bounceSubType ?? 'General'}`;
    return event.bounce.bouncedRecipients.map((r) => ({ email: r.emailAddress, reason: 'bounce', detail: r.diagnosticCode ? `${kind}: ${r.diagnosticCode}` : kind }));
  }
  if (type === 'Complaint' && event.complaint) {
    const detail = event.complaint.complaintFeedbackType ?? 'complaint';
    return event.complaint.complainedRecipients.map((r) => ({ email: r.emailAddress, reason: 'complaint', detail }));
  }
  return [];
}

export interface MailEventsResult {
  suppressed: string[];
  ignored: number;
}

/**
 * One SNS delivery to the subscriber (entry/mail-events.ts). Only `Notification` records carry
 * SES events. A `SubscriptionConfirmation` never reaches a Lambda subscriber (AWS confirms those
 * itself); should one come, it is logged and its SubscribeURL never fetched. Marking an address
 * is idempotent, so SNS redelivering an event changes nothing.
 */
export async function recordMailEvents(db: Database, event: SNSEvent): Promise<MailEventsResult> {
  const result: MailEventsResult = { suppressed: [], ignored: 0 };
  for (const record of event.Records) {
    if (record.Sns.Type !== 'Notification') {
      console.warn(`mail events: ignored an SNS ${record.Sns.Type} for ${record.Sns.TopicArn}`);
      result.ignored += 1;
      continue;
    }
    let message: unknown;
    try {
      message = JSON.parse(record.Sns.Message);
    } catch {
      console.warn(`mail events: SNS message ${record.Sns.MessageId} is not JSON`);
      result.ignored += 1;
      continue;
    }
    const suppressions = suppressionsFrom(message);
    if (suppressions.length === 0) result.ignored += 1;
    for (const suppression of suppressions) {
      await suppressAddress(db, suppression.email, suppression.reason, suppression.detail);
      result.suppressed.push(suppression.email.toLowerCase());
    }
  }
  return result;
}
