import type { SNSEvent } from 'aws-lambda';
import { Resource } from 'sst';
import type { Database } from '../db/client';
import { connectPlanetscale } from '../db/planetscale';
import { recordMailEvents } from '../mail/ses-events';

let db: Database | null = null;

/**
 * SES bounces and complaints, from the configuration set's SNS topic (stacks/mail-events.ts):
 * marks the addresses undeliverable (decision 071). Only SNS can invoke it — the function has no
 * URL, and its one resource permission names the topic — so no SNS signature needs checking.
 * A failure throws: SNS retries the delivery, and marking twice changes nothing.
 */
export async function handler(event: SNSEvent): Promise<void> {
  db ??= connectPlanetscale(Resource.DatabaseUrl.value);
  const result = await recordMailEvents(db, event);
  console.log('mail events', JSON.stringify(result));
}
