/**
 * What `ops preflight` reads from AWS for a stage (decision 112): SES's account and identities
 * (SESv2 GetAccount, GetEmailIdentity), the alarm mail subscriptions (SNS, in the stage's region and
 * in us-east-1, where CloudFront's alarm mails from), DMARC in DNS, and whether the domain answers
 * through CloudFront. Each finding says in Norwegian what is not ready and how to fix it.
 */
import { GetAccountCommand, GetEmailIdentityCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { ListSubscriptionsCommand, SNSClient } from '@aws-sdk/client-sns';

export interface Finding {
  ok: boolean;
  /** What was checked, and what was found (Norwegian). */
  what: string;
  /** What to do when it is not ready (Norwegian). */
  fix?: string;
}

export interface StageFacts {
  stage: string;
  region: string;
  /** The From address the functions send as (the stage's address, or noreply@ the domain). */
  sender: string;
  /** Production's domain identity; null on other stages. */
  domain: { name: string; mailFrom: string } | null;
  appUrl: string;
}

export interface Probes {
  resolveTxt(name: string): Promise<string[][]>;
  fetch: typeof fetch;
}

const fine = (what: string): Finding => ({ ok: true, what });
const notReady = (what: string, fix: string): Finding => ({ ok: false, what, fix });
const errorName = (error: unknown) => (error instanceof Error ? error.name : String(error));

async function identity(ses: SESv2Client, name: string) {
  try {
    return await ses.send(new GetEmailIdentityCommand({ EmailIdentity: name }));
  } catch (error) {
    if (errorName(error) === 'NotFoundException') return null;
    throw error;
  }
}

export async function sesFindings(ses: SESv2Client, facts: StageFacts): Promise<{ findings: Finding[]; canMailAnyone: boolean }> {
  const findings: Finding[] = [];
  const sender = await identity(ses, facts.sender.includes('@') && facts.domain && facts.sender.endsWith(`@${facts.domain.name}`) ? facts.domain.name : facts.sender);
  const senderOk = sender?.VerifiedForSendingStatus === true;
  findings.push(senderOk
    ? fine(`SES: avsenderen ${facts.sender} er verifisert`)
    : notReady(`SES: avsenderen ${facts.sender} er ikke verifisert`, `Åpne lenken SES sendte til ${facts.sender} (README, Deploy: «SES: verify the sender address and the domain»). E-post venter i utboksen til da.`));
  if (facts.domain) {
    const domain = await identity(ses, facts.domain.name);
    findings.push(domain?.VerifiedForSendingStatus === true && domain.DkimAttributes?.Status === 'SUCCESS'
      ? fine(`SES: domenet ${facts.domain.name} er verifisert (DKIM)`)
      : notReady(`SES: domenet ${facts.domain.name} er ikke verifisert (DKIM: ${domain?.DkimAttributes?.Status ?? 'mangler'})`, 'Legg inn DKIM-postene fra utdataene `mailDns` hos DNS-leverandøren og vent til SES har sett dem.'));
    findings.push(domain?.MailFromAttributes?.MailFromDomainStatus === 'SUCCESS'
      ? fine(`SES: MAIL FROM ${facts.domain.mailFrom} er sett (MX og SPF)`)
      : notReady(`SES: MAIL FROM ${facts.domain.mailFrom} er ikke sett (${domain?.MailFromAttributes?.MailFromDomainStatus ?? 'mangler'})`, `Legg inn MX- og SPF-postene for ${facts.domain.mailFrom} fra \`mailDns\`.`));
  }
  const account = await ses.send(new GetAccountCommand({}));
  const production = account.ProductionAccessEnabled === true;
  findings.push(production
    ? fine('SES: kontoen har produksjonstilgang (ikke i sandkassen)')
    : notReady('SES: kontoen er i sandkassen – e-post går bare til verifiserte adresser', 'Be om produksjonstilgang i SES-konsollen (Account dashboard → Request production access), README, Deploy steg 9.'));
  if (account.SendingEnabled === false) findings.push(notReady('SES: sending er satt på pause for kontoen', 'Se SES-konsollen (Reputation) og AWS-saken om pausen.'));
  return { findings, canMailAnyone: senderOk && production && account.SendingEnabled !== false };
}

/** Every e-mail subscription to the ops alarm topics, in the stage's region and in us-east-1. */
export async function alarmSubscriptionFindings(clients: SNSClient[], stage: string): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const sns of clients) {
    const region = await sns.config.region();
    const subscriptions = [];
    let token: string | undefined;
    do {
      const page = await sns.send(new ListSubscriptionsCommand({ NextToken: token }));
      subscriptions.push(...(page.Subscriptions ?? []));
      token = page.NextToken;
    } while (token);
    const ours = subscriptions.filter((s) => s.Protocol === 'email' && (s.TopicArn ?? '').includes(`:${region}:`) && (s.TopicArn ?? '').includes(`${stage}-OpsAlarms`));
    const pending = ours.filter((s) => s.SubscriptionArn === 'PendingConfirmation');
    if (ours.length === 0) findings.push(notReady(`Alarmer (${region}): ingen e-postabonnement på alarmene`, 'Sett hemmeligheten OpsEmail og deploy på nytt (README, Deploy steg 4).'));
    else if (pending.length > 0) findings.push(notReady(`Alarmer (${region}): abonnementet til ${pending.map((s) => s.Endpoint).join(', ')} er ikke bekreftet`, 'Klikk lenken i e-posten «AWS Notification - Subscription Confirmation» (README, Drift).'));
    else findings.push(fine(`Alarmer (${region}): e-postabonnementet er bekreftet`));
  }
  return findings;
}

export async function domainFindings(facts: StageFacts, probes: Probes): Promise<Finding[]> {
  if (!facts.domain) return [];
  const findings: Finding[] = [];
  const dmarc = await probes.resolveTxt(`_dmarc.${facts.domain.name}`).catch(() => [] as string[][]);
  findings.push(dmarc.some((parts) => parts.join('').startsWith('v=DMARC1'))
    ? fine(`DNS: DMARC for ${facts.domain.name} er sett`)
    : notReady(`DNS: ingen DMARC-post for ${facts.domain.name}`, `Legg inn TXT-posten _dmarc.${facts.domain.name} fra \`mailDns\` (p=none til å begynne med).`));
  const answer = await probes.fetch(`https://${facts.domain.name}/robots.txt`, { redirect: 'manual' }).catch(() => null);
  findings.push(answer?.headers.get('x-amz-cf-id')
    ? fine(`DNS: ${facts.domain.name} svarer gjennom CloudFront`)
    : notReady(`DNS: ${facts.domain.name} svarer ikke gjennom CloudFront`, 'Pek domenet på utdataen `distribution` (ALIAS/ANAME, eller A og AAAA alias i Route 53), README, Deploy steg 6.'));
  return findings;
}

export function awsClients(region: string): { ses: SESv2Client; sns: SNSClient[] } {
  const sns = [new SNSClient({ region })];
  if (region !== 'us-east-1') sns.push(new SNSClient({ region: 'us-east-1' }));
  return { ses: new SESv2Client({ region }), sns };
}
