/**
 * The DNS records production's SES domain identity needs, as lines an operator can copy into the
 * DNS host (output `mailDns`, README, Deploy: 'SES: verify the sender address and the domain'). Plain values, so a test can read them.
 */

export interface MailDomain {
  name: string;
  mailFrom: string;
}

/** Easy DKIM's three CNAMEs, MAIL FROM's MX and SPF (in the functions' region), and a DMARC policy to start with. */
export function mailDnsRecords(domain: MailDomain, region: string, dkimTokens: readonly string[]): string[] {
  return [
    ...dkimTokens.map((token) => `${token}._domainkey.${domain.name} CNAME ${token}.dkim.amazonses.com`),
    `${domain.mailFrom} MX 10 feedback-smtp.${region}.amazonses.com`,
    `${domain.mailFrom} TXT "v=spf1 include:amazonses.com ~all"`,
    // p=none first: nothing is rejected while the setup is new; tighten to quarantine once mail is seen to pass.
    // Alignment stays relaxed: the MAIL FROM subdomain then aligns for SPF as well as DKIM does.
    `_dmarc.${domain.name} TXT "v=DMARC1; p=none"`,
  ];
}
