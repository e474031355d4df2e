import { mailDnsRecords } from './mail-records';
import { mailStatements } from './permissions';
import { stageSettings } from './stage-settings';

/**
 * SES for confirmation, reset and notification mail (decision 065). Not `sst.aws.Email`: for a
 * domain sender it always creates a DomainIdentityVerification (also with `dns: false`), so the
 * first deploy waited up to 45 minutes for DKIM records nobody could have added yet, then failed.
 *
 * - Every stage has its own address identity, `drift+<stage>@…` (stage-settings.ts): nothing to
 *   wait for, no DNS, and two stages in one account never claim the same identity. SES mails a
 *   verification link to it once; until it is clicked, sends are refused.
 * - Production also creates the domain identity (Easy DKIM, MAIL FROM mail.<domain>) without
 *   waiting; the DNS records it needs are the output `mailDns` (README, Deploy: 'SES: verify the sender address and the domain'). Once SES
 *   shows the domain verified, `production.sendsFromDomain` switches the sender to noreply@<domain>.
 * - One configuration set per stage, named after it, so sends are recorded per stage.
 */
const settings = stageSettings($app.stage);

export const mailConfigurationSet = new aws.sesv2.ConfigurationSet('MailConfig', {
  configurationSetName: `${$app.name}-${$app.stage}`,
});

new aws.sesv2.EmailIdentity('MailStageAddress', {
  emailIdentity: settings.mail.stageAddress,
  configurationSetName: mailConfigurationSet.configurationSetName,
});

const domain = settings.mail.domain;
const domainIdentity = domain
  ? new aws.sesv2.EmailIdentity('MailDomain', { emailIdentity: domain.name, configurationSetName: mailConfigurationSet.configurationSetName })
  : null;
if (domain && domainIdentity) {
  new aws.sesv2.EmailIdentityMailFromAttributes('MailFromDomain', {
    emailIdentity: domainIdentity.emailIdentity,
    mailFromDomain: domain.mailFrom,
    // Until the MX record is in, SES falls back to its own MAIL FROM rather than refusing mail.
    behaviorOnMxFailure: 'USE_DEFAULT_VALUE',
  });
}

/** The records to add at the DNS host for production's domain (none for other stages). */
export const mailDns = domain && domainIdentity
  ? domainIdentity.dkimSigningAttributes.apply((dkim) => mailDnsRecords(domain, settings.region, dkim?.tokens ?? []))
  : [];

/** What the functions read (Resource.Mail): the From address and the configuration set. No permissions: see mailPermissions. */
export const mail = new sst.Linkable('Mail', {
  properties: { sender: settings.mail.from, configSet: mailConfigurationSet.configurationSetName },
});

/** SendEmail from our address, in this account and region only (permissions.ts). */
export const mailPermissions = $resolve([aws.getCallerIdentityOutput({}).accountId, mailConfigurationSet.configurationSetName]).apply(
  ([accountId, name]) => mailStatements({ region: settings.region, accountId, configurationSet: name, from: settings.mail.from }),
);
