/**
 * SES for confirmation, reset and notification mail.
 *
 * Production verifies the DOMAIN bedriftstorget.no (a domain identity with Easy DKIM) and the
 * functions send as noreply@bedriftstorget.no (packages/api/src/adapters/mailer.ts
 * `senderAddress`): SES refuses a bare domain as FromEmailAddress. The DNS is not in Route 53,
 * so `dns: false`: the three DKIM CNAMEs (output `mailDkim`), SPF for the MAIL FROM domain and
 * DMARC are added by hand (README, "Deploy"). Other stages verify one address instead, which
 * needs no DNS (SES mails a verification link to it once).
 */
export const MAIL_DOMAIN = 'bedriftstorget.no';

export const mail = new sst.aws.Email('Mail', $app.stage === 'production'
  ? { sender: MAIL_DOMAIN, dns: false, mailFrom: { domain: `mail.${MAIL_DOMAIN}` } }
  : { sender: `noreply@${MAIL_DOMAIN}` });

/** The DKIM CNAME records to add at the DNS host (production): name → value. */
export const mailDkimRecords = mail.nodes.identity.dkimSigningAttributes.apply((dkim) =>
  (dkim?.tokens ?? []).map((token) => `${token}._domainkey.${MAIL_DOMAIN} CNAME ${token}.dkim.amazonses.com`));
