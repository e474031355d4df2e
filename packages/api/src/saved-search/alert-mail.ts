import { formatNok } from '@bedriftstorget/core/format/nb';
import { describeFilters } from '@bedriftstorget/core/saved-search/describe';
import { letter } from '@bedriftstorget/core/texts/mail';
import { alertMail } from '@bedriftstorget/core/texts/saved-search';
import type { OutgoingMail } from '../adapters/mailer';
import { UNSUBSCRIBE_PATH } from './paths';

export interface AlertItem {
  listingId: string;
  title: string;
  price: number | null;
  location: string;
}

export interface AlertSearch {
  name: string;
  filters: Parameters<typeof describeFilters>[0];
  alerts: string;
  unsubscribeToken: string;
}

/** One search and its new listings: a section of the user's alert mail. */
export interface AlertSection {
  search: AlertSearch;
  items: AlertItem[];
}

/**
 * The header's one-click address for a mail (RFC 8058). It carries the token of every search the
 * mail names, so the mail program's 'unsubscribe' stops what this mail is: the alerts of those
 * searches, and nothing else the user saved (decision 089). One search: one token, as before.
 */
export function oneClickUrl(appUrl: string, tokens: string[]): string {
  return `${appUrl}${UNSUBSCRIBE_PATH}?${tokens.map((token) => `t=${token}`).join('&')}`;
}

/**
 * A user's alert mail for one run (decision 089): one mail however many of their searches have
 * news. One search reads as it always did (decision 083); several get a subject that counts them
 * and a section each — the search named once, in «…» once, its listings, its own 'Slå av' link.
 */
export function alertMailForSections(appUrl: string, to: string, sections: AlertSection[]): OutgoingMail {
  const manage = `${appUrl}/lagrede-sok`;
  const links: string[] = [];
  const offs: string[] = [];
  const blocks = sections.map(({ search, items }) => {
    const itemLinks = items.map((item) => `${appUrl}/bedrift/${item.listingId}`);
    const off = `${appUrl}/varsel/av?t=${search.unsubscribeToken}`;
    links.push(...itemLinks);
    offs.push(off);
    const lines = items.map((item, i) => alertMail.item(item.title, item.price === null ? alertMail.noPrice : formatNok(item.price), item.location, itemLinks[i]!));
    return { search, items, lines: lines.join('\n\n'), off };
  });
  // A listing two searches both match is one new listing, counted once.
  const total = new Set(sections.flatMap((section) => section.items.map((item) => item.listingId))).size;
  const allDaily = sections.every((section) => section.search.alerts === 'daily');
  let subject: string;
  let paragraphs: string[];
  if (blocks.length === 1) {
    const { search, lines, off } = blocks[0]!;
    subject = allDaily ? alertMail.digestSubject(search.name, total) : alertMail.subject(search.name, total);
    paragraphs = [alertMail.intro(search.name, describeFilters(search.filters), total), lines, [alertMail.manage(manage), alertMail.unsubscribe(off)].join('\n')];
  } else {
    subject = allDaily ? alertMail.digestSubjectMany(blocks.length, total) : alertMail.subjectMany(blocks.length, total);
    paragraphs = [
      alertMail.introMany(total),
      ...blocks.flatMap(({ search, lines, off }) => [`${alertMail.section(search.name, describeFilters(search.filters))}\n${lines}`, alertMail.unsubscribe(off)]),
      alertMail.manage(manage),
    ];
  }
  return {
    to,
    subject,
    text: letter(paragraphs),
    links: [...links, manage, ...offs],
    // RFC 2369 and RFC 8058: mail programs show their own 'unsubscribe' and POST to it, no login.
    headers: { 'List-Unsubscribe': `<${oneClickUrl(appUrl, sections.map((section) => section.search.unsubscribeToken))}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** One search's alert mail (the unit tests' and the single case's shape). */
export function alertMailFor(appUrl: string, to: string, search: AlertSearch, items: AlertItem[]): OutgoingMail {
  return alertMailForSections(appUrl, to, [{ search, items }]);
}
