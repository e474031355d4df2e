import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** The URLs in the mail, listed so tests and people can follow them without parsing text. */
  links: string[];
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

/** Local: one JSON file per mail in the outbox folder; names sort by time. */
export function createOutboxMailer(dir: string, log: boolean): Mailer {
  let sequence = 0;
  return {
    async send(mail) {
      await mkdir(dir, { recursive: true });
      sequence += 1;
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${String(sequence).padStart(4, '0')}.json`;
      await writeFile(join(dir, name), JSON.stringify({ ...mail, sentAt: new Date().toISOString() }, null, 2));
      if (log) console.log(`[mail] to ${mail.to}: ${mail.subject}\n${mail.links.map((l) => `  ${l}`).join('\n')}`);
    },
  };
}

/** Cloud: Amazon SES (the sender identity comes from sst.aws.Email). */
export function createSesMailer(from: string): Mailer {
  const ses = new SESv2Client({});
  return {
    async send(mail) {
      await ses.send(
        new SendEmailCommand({
          FromEmailAddress: from,
          Destination: { ToAddresses: [mail.to] },
          Content: { Simple: { Subject: { Data: mail.subject, Charset: 'UTF-8' }, Body: { Text: { Data: mail.text, Charset: 'UTF-8' } } } },
        }),
      );
    },
  };
}
