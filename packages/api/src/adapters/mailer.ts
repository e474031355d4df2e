import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SESv2Client } from '@aws-sdk/client-sesv2';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** The URLs in the mail, listed so tests and people can follow them without parsing text. */
  links: string[];
  /** Extra message headers, e.g. a future List-Unsubscribe; names must be plain header tokens. */
  headers?: Record<string, string>;
}

/**
 * The transport under the mail outbox (packages/api/src/mail/): sends one mail or throws, and
 * returns the provider's message id when it has one. Nothing calls it but the outbox's sender.
 */
export interface Mailer {
  send(mail: OutgoingMail): Promise<string | undefined>;
}

/** One JSON file per mail in the outbox folder; names sort by time. Scripts and the browser tests read them. */
export function createOutboxMailer(dir: string, log: boolean): Mailer {
  let sequence = 0;
  return {
    async send(mail) {
      await mkdir(dir, { recursive: true });
      sequence += 1;
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${String(sequence).padStart(4, '0')}.json`;
      await writeFile(join(dir, name), JSON.stringify({ ...mail, sentAt: new Date().toISOString() }, null, 2));
      if (log) console.log(`[mail] to ${mail.to}: ${mail.subject}\n${mail.links.map((l) => `  ${l}`).join('\n')}`);
      return undefined;
    },
  };
}

/**
 * Local: the mail goes through SES (the local endpoint, as in the cloud) and, once SES has
 * accepted it, a copy lands in the outbox folder. A copy that cannot be written is logged: the
 * mail itself was sent, and throwing would make the outbox think it was not.
 */
export function withFileCopy(ses: Mailer, files: Mailer): Mailer {
  return {
    async send(mail) {
      const messageId = await ses.send(mail);
      await files.send(mail).catch((error: unknown) => console.error(`could not copy the mail to ${mail.to} to the outbox folder`, error));
      return messageId;
    },
  };
}

export interface SesSender {
  /** A full address on the verified domain identity, e.g. noreply@bedriftstorget.no (stacks/mail.ts). */
  from: string;
  /** The configuration set sst.aws.Email creates, so bounces and complaints are recorded. */
  configurationSet?: string;
}

/**
 * The From address for an SES identity: an address identity is used as is; a domain identity
 * (production's bedriftstorget.no, stacks/mail.ts) sends as noreply@ that domain.
 */
export function senderAddress(identity: string): string {
  return identity.includes('@') ? identity : `noreply@${identity}`;
}

/** An SES failure, kept with its cause so the caller (and the logs) see why the mail was not sent. */
export class MailSendError extends Error {}

/** Where a non-AWS SES speaks (the local endpoint, tests' fakes); the cloud leaves it out. */
export interface SesEndpoint {
  endpoint: string;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
}

/**
 * The SDK never retries a send itself (maxAttempts 1): a retry after a time-out could deliver a
 * mail SES had already accepted, and the outbox decides what is retried (decision 070). A send
 * that hangs ends after 10 s, well inside the API's and the job's time limits.
 */
export const SES_CLIENT_SETTINGS = { maxAttempts: 1, requestHandler: { connectionTimeout: 3_000, requestTimeout: 10_000 } } as const;

/**
 * Amazon SES v2, in the cloud and (through its local endpoint) on a laptop. Errors are thrown,
 * never swallowed: the outbox decides what a refused mail means. The SDK is imported at the
 * first mail, not at a cold start: most requests send none.
 */
export function createSesMailer(sender: SesSender, given?: SESv2Client, endpoint?: SesEndpoint): Mailer {
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(sender.from)) {
    throw new Error(`SES trenger en fullstendig avsenderadresse (fikk "${sender.from}")`);
  }
  let client: SESv2Client | undefined;
  return {
    async send(mail) {
      const headers = Object.entries(mail.headers ?? {}).map(([Name, Value]) => ({ Name, Value }));
      const { SESv2Client, SendEmailCommand } = await import('@aws-sdk/client-sesv2');
      client ??= given ?? new SESv2Client({ ...SES_CLIENT_SETTINGS, ...endpoint });
      try {
        const answer = await client.send(
          new SendEmailCommand({
            FromEmailAddress: sender.from,
            Destination: { ToAddresses: [mail.to] },
            Content: {
              Simple: {
                Subject: { Data: mail.subject, Charset: 'UTF-8' },
                Body: { Text: { Data: mail.text, Charset: 'UTF-8' } },
                ...(headers.length ? { Headers: headers } : {}),
              },
            },
            ...(sender.configurationSet ? { ConfigurationSetName: sender.configurationSet } : {}),
          }),
        );
        return answer.MessageId;
      } catch (error) {
        const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        throw new MailSendError(`SES could not send "${mail.subject}" to ${mail.to}: ${reason}`, { cause: error });
      }
    },
  };
}
