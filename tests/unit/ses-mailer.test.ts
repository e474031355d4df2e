import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SESv2Client, SendEmailCommand, MessageRejected } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { createSesMailer, MailSendError, senderAddress } from '@bedriftstorget/api/adapters/mailer';
import { classifySendError, describeSendError } from '@bedriftstorget/api/mail/send-errors';

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

describe('SES mailer against an HTTP endpoint (what the outbox relies on)', () => {
  /** An SES v2 stand-in that answers every SendEmail the given way and counts the requests. */
  async function endpoint(answer: (res: ServerResponse) => void) {
    let requests = 0;
    const server = createServer((req, res) => {
      requests += 1;
      req.resume();
      req.on('end', () => answer(res));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    return {
      mailer: createSesMailer({ from: 'noreply@bedriftstorget.no' }, undefined, { endpoint: `http://127.0.0.1:${port}`, region: 'eu-central-1', credentials: { accessKeyId: 'x', secretAccessKey: 'y' } }),
      requests: () => requests,
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  }
  const error = (status: number, type: string, message = `${type} from the stand-in`) => (res: ServerResponse) => {
    res.writeHead(status, { 'content-type': 'application/json', 'x-amzn-errortype': type });
    res.end(JSON.stringify({ message }));
  };

  it("returns SES's message id", async () => {
    const ses = await endpoint((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ MessageId: '0107018e-abc' }));
    });
    try {
      expect(await ses.mailer.send(mail)).toBe('0107018e-abc');
    } finally {
      await ses.close();
    }
  });

  it.each([
    [500, 'InternalFailure', 'refused'],
    [503, 'ServiceUnavailable', 'refused'],
    [429, 'TooManyRequestsException', 'throttled'],
    [400, 'MessageRejected', 'rejected'],
    [400, 'SendingPausedException', 'refused'],
  ] as const)('an HTTP %i %s is sent once (the SDK never retries a send) and reads as %s', async (status, type, failure) => {
    const ses = await endpoint(error(status, type));
    try {
      const sent = await ses.mailer.send(mail).then(() => null, (e: unknown) => e);
      expect(sent).toBeInstanceOf(MailSendError);
      expect(classifySendError(sent)).toBe(failure);
      expect(ses.requests()).toBe(1);
    } finally {
      await ses.close();
    }
  });

  it.each([
    ['the sender', 'drift+production@bedriftstorget.no'],
    ['a sandbox recipient', 'kari@example.no'],
  ])('a MessageRejected for an identity SES has not verified (%s) reads as unverified: it waits, not given up', async (_who, identity) => {
    const message = `Email address is not verified. The following identities failed the check in region EU-CENTRAL-1: ${identity}`;
    const ses = await endpoint(error(400, 'MessageRejected:http://internal.amazon.com/coral/com.amazonaws.sesv2/', message));
    try {
      const sent = await ses.mailer.send(mail).then(() => null, (e: unknown) => e);
      expect(classifySendError(sent)).toBe('unverified');
      expect(describeSendError(sent)).toBe(`MessageRejected: ${message}`);
    } finally {
      await ses.close();
    }
  });

  it('a connection that never opened reads as refused (not sent); an error without an answer as unknown', async () => {
    const ses = await endpoint(error(500, 'InternalFailure'));
    await ses.close();
    const closed = await ses.mailer.send(mail).then(() => null, (e: unknown) => e);
    expect(classifySendError(closed)).toBe('refused');
    const timeout = new MailSendError('SES could not send', { cause: Object.assign(new Error('Connection timed out after 10000 ms'), { name: 'TimeoutError' }) });
    expect(classifySendError(timeout)).toBe('unknown');
    expect(describeSendError(timeout)).toBe('TimeoutError: Connection timed out after 10000 ms');
  });
});
