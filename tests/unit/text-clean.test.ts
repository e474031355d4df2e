import { describe, expect, it } from 'vitest';
import { listingFieldsSchema } from '@bedriftstorget/core/listing/form-schema';
import { contactTextSchema } from '@bedriftstorget/core/message/schemas';
import { profileUpdateSchema } from '@bedriftstorget/core/profile/schemas';
import { cleanText, textField, visibleLength } from '@bedriftstorget/core/text/clean';
import { listing as t } from '@bedriftstorget/core/texts/listing-validation';

const title = listingFieldsSchema.shape.title;

describe('text fields count what people see', () => {
  it('refuses a title of six zero-width spaces, or of bidi and control characters only', () => {
    for (const text of ['\u200B'.repeat(6), '\u202E\u202D\u2066\u2069\u200F\u200E', '\u0000\u0001\u0007\u001B\u007F\u0085']) {
      expect(title.safeParse(text).error?.issues[0]?.message).toBe(t.titleMin);
    }
  });

  it('strips bidi overrides and control characters, keeps the text', () => {
    expect(title.parse('Kafé\u202E i sentrum\u0000\u200B')).toBe('Kafé i sentrum');
    expect(cleanText('linje 1\r\nlinje\u00072\tslutt', { multiline: true })).toBe('linje 1\nlinje2 slutt');
    expect(cleanText('en\nlinje')).toBe('en linje');
  });

  it('normalises to NFC, so a decomposed é is one character', () => {
    const decomposed = 'Kafe\u0301';
    expect(cleanText(decomposed)).toBe('Kafé');
    expect(visibleLength(cleanText(decomposed))).toBe(4);
  });

  it('counts an emoji sequence as one character and keeps its joiners', () => {
    const family = '👨\u200D👩\u200D👧';
    expect(cleanText(family)).toBe(family);
    expect(visibleLength(`${family}abc`)).toBe(4);
    expect(title.safeParse('🍕🍕🍕').success).toBe(false); // three characters, six UTF-16 units
  });

  it('applies to messages and profile fields alike', () => {
    expect(contactTextSchema.safeParse(`\u200B${'\u2066'.repeat(20)}`).success).toBe(false);
    expect(profileUpdateSchema.parse({ fullName: '\u202EKari\u200B', companyName: '\u200B', phone: null })).toMatchObject({ fullName: 'Kari', companyName: null });
  });

  it('reads a lone carriage return (old Mac text) as a line break, as CRLF is', () => {
    expect(cleanText('linje 1\rlinje 2\r\nlinje 3', { multiline: true })).toBe('linje 1\nlinje 2\nlinje 3');
    expect(cleanText('linje 1\rlinje 2')).toBe('linje 1 linje 2');
  });

  it('takes exactly the minimum of visible characters, and refuses one fewer', () => {
    const field = textField({ min: 5, max: 20, minMessage: 'For kort', maxMessage: 'For lang' });
    expect(field.safeParse('Kafé\u200B!').success).toBe(true);
    expect(field.safeParse('Kafé\u200B').error?.issues[0]?.message).toBe('For kort');
    expect(field.parse('  Kafé!  ')).toBe('Kafé!');
    expect(field.safeParse(42).error?.issues[0]?.message).toBe('For kort');
  });
});
