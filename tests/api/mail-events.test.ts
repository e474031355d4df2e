import type { SNSEvent } from 'aws-lambda';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deliverNow } from '@bedriftstorget/api/mail/deliver';
import { enqueueMail } from '@bedriftstorget/api/mail/outbox';
import { recordMailEvents } from '@bedriftstorget/api/mail/ses-events';
import { mailSuppressions } from '@bedriftstorget/core/mail/mail.sql';
import { signedInAdmin } from './admin-helpers';
import { Browser, createHarness, db, deliverMail, signedInUser, uniqueEmail } from './harness';
import { outboxTo } from './mail-helpers';

afterEach(() => vi.restoreAllMocks());

const TOPIC = 'arn:aws:sns:eu-central-1:123456789012:bedriftstorget-production-MailEventsTopic-abc123';

/** The `mail` object SES puts in every event record (shortened to the fields it always has). */
function sesMail(to: string) {
  return {
    timestamp: '2030-01-07T12:00:00.000Z',
    source: 'noreply@bedriftstorget.no',
    sourceArn: 'arn:aws:ses:eu-central-1:123456789012:identity/bedriftstorget.no',
    sendingAccountId: '123456789012',
    messageId: '0107018e5b4c1a2b-6f1c9d3e-1f2a-4b5c-8d9e-0a1b2c3d4e5f-000000',
    destination: [to],
    headersTruncated: false,
    tags: { 'ses:configuration-set': ['bedriftstorget-production-MailConfig'] },
  };
}

/** A permanent or transient bounce as SES's configuration-set event publishing writes it. */
function bounce(to: string, bounceType: 'Permanent' | 'Transient', bounceSubType = bounceType === 'Permanent' ? 'General' : 'MailboxFull') {
  return {
    eventType: 'Bounce',
    bounce: {
      bounceType,
      bounceSubType,
      bouncedRecipients: [{ emailAddress: to, action: 'failed', status: '5.1.1', diagnosticCode: 'smtp; 550 5.1.1 user unknown' }],
      timestamp: '2030-01-07T12:00:02.669Z',
      feedbackId: '0107018e5b4c1a2b-61b59c11-9236-11e6-8f96-7be8aexample-000000',
      reportingMTA: 'dsn; a8-70.smtp-out.amazonses.com',
    },
    mail: sesMail(to),
  };
}

function complaint(to: string) {
  return {
    eventType: 'Complaint',
    complaint: {
      feedbackId: '0107018e5b4c1a2b-7ab3c8d1-9236-11e6-8f96-7be8aexample-000000',
      complaintSubType: null,
      complainedRecipients: [{ emailAddress: to }],
      timestamp: '2030-01-07T13:00:00.000Z',
      userAgent: 'Mozilla/5.0',
      complaintFeedbackType: 'abuse',
      arrivalDate: '2030-01-07T12:59:58.000Z',
    },
    mail: sesMail(to),
  };
}

/** SNS's envelope as Lambda receives it: the SES event as a JSON string in Sns.Message. */
function snsEvent(...messages: { type?: string; message: unknown }[]): SNSEvent {
  return {
    Records: messages.map(({ type = 'Notification', message }) => ({
      EventSource: 'aws:sns',
      EventVersion: '1.0',
      EventSubscriptionArn: `${TOPIC}:4f1c3b2a-1d2e-4f5a-9b8c-7d6e5f4a3b2c`,
      Sns: {
        Type: type,
        MessageId: crypto.randomUUID(),
        TopicArn: TOPIC,
        Subject: null as unknown as string,
        Message: typeof message === 'string' ? message : JSON.stringify(message),
        Timestamp: '2030-01-07T12:00:03.000Z',
        SignatureVersion: '1',
        Signature: 'EXAMPLEpH+DcEwjAPg8O9mY8dReBSwksfg2S7WKQcikcNKWLQjwu6A4VbeS0QHVCkhRS7fUQvi2egU3N858fiTDN6bkkOxYDVrY0Ad8L10Hs3zH81mtnPk5uvvolIC1CXGu43obcgFxeL3khZl8IKvO61GWB6jI9b5+gLPoBc1Q=',
        SigningCertUrl: 'https://sns.eu-central-1.amazonaws.com/SimpleNotificationService-0000000000000000000000.pem',
        UnsubscribeUrl: `https://sns.eu-central-1.amazonaws.com/?Action=Unsubscribe&SubscriptionArn=${TOPIC}:4f1c3b2a`,
        MessageAttributes: {},
      },
    })),
  };
}

async function suppression(email: string) {
  const [row] = await db.select().from(mailSuppressions).where(eq(mailSuppressions.email, email));
  return row ?? null;
}

describe('the SES bounce and complaint subscriber', () => {
  it('a permanent bounce in SNS\'s real format marks the address; nothing is mailed to it again', async () => {
    const h = createHarness();
    const { email, userId } = await signedInUser(h);
    const result = await recordMailEvents(db, snsEvent({ message: bounce(email.toUpperCase(), 'Permanent') }));
    expect(result).toEqual({ suppressed: [email], ignored: 0 });
    expect(await suppression(email)).toMatchObject({ reason: 'bounce', detail: 'Permanent/General: smtp; 550 5.1.1 user unknown' });

    // A password reset, a message, a job's reminder: none is queued or sent.
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const before = h.mailer.to(email).length;
    await new Browser(h).call((c) => c.auth.requestPasswordReset({ email }));
    expect(await enqueueMail(db, { kind: 'draft_reminder', to: email, subject: 'Påminnelse', text: 'Hei', links: [] })).toBeNull();
    await deliverMail(h);
    expect(h.mailer.to(email)).toHaveLength(before);
    expect((await outboxTo(email)).filter((row) => row.status === 'pending')).toEqual([]);

    // /admin/brukere shows why.
    const admin = await signedInAdmin(h);
    const { items } = await admin.browser.call((c) => c.admin.users.list({ q: email }));
    expect(items.find((item) => item.id === userId)).toMatchObject({ mailSuppression: 'bounce', mailSuppressedAt: expect.any(String) as unknown });
  });

  it('a complaint marks the address; a transient bounce, other events and a SubscriptionConfirmation do not', async () => {
    const complainer = uniqueEmail('klage');
    const full = uniqueEmail('full');
    const result = await recordMailEvents(
      db,
      snsEvent(
        { message: complaint(complainer) },
        { message: bounce(full, 'Transient') },
        { message: { ...bounce(full, 'Permanent'), eventType: 'Delivery' } },
        { type: 'SubscriptionConfirmation', message: 'You have chosen to subscribe to the topic …' },
        { message: 'not json' },
      ),
    );
    expect(result).toEqual({ suppressed: [complainer], ignored: 4 });
    expect(await suppression(complainer)).toMatchObject({ reason: 'complaint', detail: 'abuse' });
    expect(await suppression(full)).toBeNull();
  });

  it("also reads an identity's feedback notification (notificationType), and a second event changes nothing", async () => {
    const email = uniqueEmail('identitet');
    const { eventType: _eventType, ...rest } = bounce(email, 'Permanent', 'NoEmail');
    await recordMailEvents(db, snsEvent({ message: { notificationType: 'Bounce', ...rest } }));
    await recordMailEvents(db, snsEvent({ message: complaint(email) }));
    expect(await suppression(email)).toMatchObject({ reason: 'bounce', detail: expect.stringContaining('Permanent/NoEmail') as unknown });
  });

  it('a mail queued before the bounce arrived is not sent either', async () => {
    const h = createHarness();
    const email = uniqueEmail('sen');
    const id = await enqueueMail(db, { kind: 'draft_reminder', to: email, subject: 'Påminnelse', text: 'Hei', links: [] });
    await recordMailEvents(db, snsEvent({ message: bounce(email, 'Permanent') }));
    await deliverNow(h, [id]);
    expect(h.mailer.to(email)).toEqual([]);
    expect((await outboxTo(email))[0]).toMatchObject({ status: 'suppressed' });
  });
});
