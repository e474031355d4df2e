import { SESv2Client, SendEmailCommand, MessageRejected } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { createSesMailer, MailSendError, senderAddress } from '@bedriftstorget/api/adapters/mailer';

// The real SESv2 client; aws-sdk-client-mock replaces only its transport (send), so the
// command the adapter builds is exactly what would go to SES.
const client = new SESv2Client({ region: 'eu-north-1', credentials: { accessKeyId: 'test', secretAccessKey: 'test' } });
const ses = mockClient(client);
afterEach(() => ses.reset());

const mail = { to: 'kari@example.no', subject: 'Bekreft e-postadressen din', text: 'Åpne lenken: https://x/y', links: ['https://x/y'] };

describe('SES mailer', () => {
  it('sends from a full address on the domain identity, with the configuration set', async () => {
    ses.on(SendEmailCommand).resolves({ MessageId: 'm-1' });
    await createSesMailer({ from: senderAddress('bedriftstorget.no'), configurationSet: 'mail-config' }, client).send(mail);
    const calls = ses.commandCalls(SendEmailCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.args[0].input).toEqual({
      FromEmailAddress: 'noreply@bedriftstorget.no',
      Destination: { ToAddresses: ['kari@example.no'] },
      Content: { Simple: { Subject: { Data: 'Bekreft e-postadressen din', Charset: 'UTF-8' }, Body: { Text: { Data: 'Åpne lenken: https://x/y', Charset: 'UTF-8' } } } },
      ConfigurationSetName: 'mail-config',
    });
  });

  it('passes message headers through (a future List-Unsubscribe)', async () => {
    ses.on(SendEmailCommand).resolves({ MessageId: 'm-2' });
    const headers = { 'List-Unsubscribe': '<https://bedriftstorget.no/avmeld?t=abc>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
    await createSesMailer({ from: 'noreply@bedriftstorget.no' }, client).send({ ...mail, headers });
    const input = ses.commandCalls(SendEmailCommand)[0]!.args[0].input;
    expect(input.Content?.Simple?.Headers).toEqual([
      { Name: 'List-Unsubscribe', Value: '<https://bedriftstorget.no/avmeld?t=abc>' },
      { Name: 'List-Unsubscribe-Post', Value: 'List-Unsubscribe=One-Click' },
    ]);
    expect(input.ConfigurationSetName).toBeUndefined();
  });

  it('surfaces an SES rejection instead of swallowing it', async () => {
    ses.on(SendEmailCommand).rejects(new MessageRejected({ message: 'Email address is not verified.', $metadata: {} }));
    const send = createSesMailer({ from: 'noreply@bedriftstorget.no' }, client).send(mail);
    await expect(send).rejects.toBeInstanceOf(MailSendError);
    await expect(send).rejects.toThrow(/MessageRejected: Email address is not verified\..*kari@example\.no|kari@example\.no.*MessageRejected: Email address is not verified\./);
  });

  it('refuses a bare domain as the sender (SES would reject every mail)', () => {
    expect(() => createSesMailer({ from: 'bedriftstorget.no' }, client)).toThrow(/fullstendig avsenderadresse/);
    expect(senderAddress('noreply@bedriftstorget.no')).toBe('noreply@bedriftstorget.no');
  });
});
