import { describe, expect, it } from 'vitest';
import { alertMailFor, alertMailForSections } from '@bedriftstorget/api/saved-search/send';
import { describeFilters } from '@bedriftstorget/core/saved-search/describe';
import { reviewMail } from '@bedriftstorget/core/texts/admin';
import { expiry } from '@bedriftstorget/core/texts/lifecycle';
import { mailFrame } from '@bedriftstorget/core/texts/mail';
import { messageMail } from '@bedriftstorget/core/texts/messages';
import { mail as accountMail } from '@bedriftstorget/core/texts/nb';

const count = (text: string, part: string) => text.split(part).length - 1;
const item = { listingId: 'l1', title: 'Kafé på kaia', price: 2_500_000, location: 'Bergen' };
const search = (name: string) => ({ name, filters: { q: 'kafé', location: 'Bergen' }, alerts: 'instant', unsubscribeToken: 'x'.repeat(43) });

describe('the alert mail', () => {
  it('quotes a default name («kafé» · i Bergen) once, and says the name once', () => {
    const name = describeFilters({ q: 'kafé', location: 'Bergen' });
    expect(name).toBe('«kafé» · i Bergen');
    const mail = alertMailFor('https://bt.no', 'k@test.no', search(name), [item]);
    expect(mail.subject).toBe('Ny annonse for søket «kafé · i Bergen»');
    expect(mail.text).toContain('Denne annonsen passer søket ditt «kafé · i Bergen»:');
    for (const text of [mail.subject, mail.text]) {
      expect(text).not.toMatch(/««|»»/);
      expect(count(text, '«')).toBe(count(text, '»'));
    }
    expect(count(mail.text, 'kafé · i Bergen')).toBe(1);
    expect(count(mail.text, 'i Bergen')).toBe(1);
  });

  it('names a name of its own once, with the filters in words beside it', () => {
    const mail = alertMailFor('https://bt.no', 'k@test.no', { ...search('Kafé ved sjøen'), alerts: 'daily' }, [item, { ...item, listingId: 'l2', price: null }]);
    expect(mail.subject).toBe('Dagens nye annonser for «Kafé ved sjøen»: 2');
    expect(mail.text).toContain('Disse annonsene passer søket ditt «Kafé ved sjøen» («kafé» · i Bergen):');
    expect(count(mail.text, 'Kafé ved sjøen')).toBe(1);
  });

  it('opens and signs off as every other mail we send', () => {
    const text = alertMailFor('https://bt.no', 'k@test.no', search('Mitt søk'), [item]).text;
    const others = [
      accountMail.confirmText('L'),
      accountMail.resetText('L'),
      reviewMail.publishedText('T', 'L'),
      messageMail.messageText('S', 'T', 'E', 'L'),
      expiry.mailText('T', 'D', 'L', 'M'),
    ];
    const frame = (t: string) => ({ first: t.split('\n\n')[0], last: t.split('\n\n').at(-1) });
    for (const other of others) expect(frame(other)).toEqual({ first: mailFrame.greeting, last: mailFrame.signOff });
    expect(frame(text)).toEqual({ first: mailFrame.greeting, last: mailFrame.signOff });
    expect(count(text, mailFrame.greeting)).toBe(1);
    expect(count(text, mailFrame.signOff)).toBe(1);
  });

  it('one mail for several searches: each named once in «…» once, its listings under it, a one-click address for them all', () => {
    const kafe = { ...search(describeFilters({ q: 'kafé', location: 'Bergen' })), unsubscribeToken: 'a'.repeat(43) };
    const bakeri = { ...search('Bakeri i nord'), filters: { q: 'bakeri' }, unsubscribeToken: 'b'.repeat(43) };
    const bakery = { listingId: 'l2', title: 'Bakeri i Tromsø', price: null, location: 'Tromsø' };
    const mail = alertMailForSections('https://bt.no', 'k@test.no', [{ search: kafe, items: [item] }, { search: bakeri, items: [bakery, item] }]);
    // Two listings, the café counted once though both searches name it.
    expect(mail.subject).toBe('2 nye annonser for 2 av søkene dine');
    expect(mail.text).toContain('Søket «kafé · i Bergen»:\n- Kafé på kaia');
    expect(mail.text).toContain('Søket «Bakeri i nord» («bakeri»):\n- Bakeri i Tromsø');
    expect(count(mail.text, 'kafé · i Bergen')).toBe(1);
    expect(count(mail.text, 'Bakeri i nord')).toBe(1);
    for (const text of [mail.subject, mail.text]) {
      expect(text).not.toMatch(/««|»»/);
      expect(count(text, '«')).toBe(count(text, '»'));
    }
    expect(count(mail.text, mailFrame.greeting)).toBe(1);
    expect(mail.text.split('\n\n')[0]).toBe(mailFrame.greeting);
    expect(mail.text.split('\n\n').at(-1)).toBe(mailFrame.signOff);
    // Each search keeps its own 'Slå av' link in the text; the header's POST turns off both.
    expect(mail.text).toContain(`Slå av varselet for dette søket: https://bt.no/varsel/av?t=${'a'.repeat(43)}`);
    expect(mail.text).toContain(`Slå av varselet for dette søket: https://bt.no/varsel/av?t=${'b'.repeat(43)}`);
    expect(mail.headers?.['List-Unsubscribe']).toBe(`<https://bt.no/trpc/varsel-av?t=${'a'.repeat(43)}&t=${'b'.repeat(43)}>`);
    const digest = alertMailForSections('https://bt.no', 'k@test.no', [{ search: { ...kafe, alerts: 'daily' }, items: [item] }, { search: { ...bakeri, alerts: 'daily' }, items: [bakery] }]);
    expect(digest.subject).toBe('Dagens nye annonser for 2 av søkene dine: 2');
  });
});
