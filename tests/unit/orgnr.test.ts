import { describe, expect, it } from 'vitest';
import { formatOrgnr, isValidOrgnr, normaliseOrgnr, orgnrCheckDigit, orgnrSchema } from '@bedriftstorget/core/company/orgnr';
import { listingFieldsSchema } from '@bedriftstorget/core/listing/form-schema';
import { company } from '@bedriftstorget/core/texts/company';
import { listingFields } from '../api/fixtures-data';

describe('organisasjonsnummer: modulus 11 with weights 3,2,7,6,5,4,3,2', () => {
  it('accepts a real number, written with or without spaces', () => {
    // 9·3+2·2+3·7+6·6+0·5+9·4+0·3+1·2 = 126; 126 mod 11 = 5; 11 − 5 = 6.
    expect(orgnrCheckDigit('92360901')).toBe(6);
    expect(isValidOrgnr('923609016')).toBe(true);
    expect(isValidOrgnr('923 609 016')).toBe(true);
    expect(isValidOrgnr('923\u00a0609\u00a0016')).toBe(true);
  });

  it('remainder 0 gives check digit 0', () => {
    // 9·3+1·2+0+0+0+0+1·3+6·2 = 44 = 4·11
    expect(orgnrCheckDigit('91000016')).toBe(0);
    expect(isValidOrgnr('910000160')).toBe(true);
    expect(isValidOrgnr('910000161')).toBe(false);
  });

  it('remainder 1 makes every ninth digit invalid', () => {
    // 9·3+1·2+0+0+0+0+1·3+1·2 = 34 = 3·11 + 1
    expect(orgnrCheckDigit('91000011')).toBeNull();
    for (let digit = 0; digit <= 9; digit += 1) expect(isValidOrgnr(`91000011${digit}`)).toBe(false);
  });

  it('refuses a wrong check digit, wrong lengths and letters', () => {
    expect(isValidOrgnr('923609017')).toBe(false);
    expect(isValidOrgnr('92360901')).toBe(false);
    expect(isValidOrgnr('9236090160')).toBe(false);
    expect(isValidOrgnr('92360901a')).toBe(false);
    expect(isValidOrgnr('')).toBe(false);
  });

  it('normalises and formats', () => {
    expect(normaliseOrgnr(' 923 609 016 ')).toBe('923609016');
    expect(formatOrgnr('923609016')).toBe('923 609 016');
  });

  it('the shared schema stores the normalised number and says exactly "Ugyldig organisasjonsnummer"', () => {
    expect(orgnrSchema.parse('923 609 016')).toBe('923609016');
    const wrong = orgnrSchema.safeParse('923 609 017');
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues.map((issue) => issue.message)).toEqual(['Ugyldig organisasjonsnummer']);
    expect(company.orgnrInvalid).toBe('Ugyldig organisasjonsnummer');
  });

  it('the listing form: optional (null), normalised when given, refused when wrong', () => {
    const { orgnr: _orgnr, confidential: _confidential, ...older } = listingFields;
    expect(listingFieldsSchema.parse(older)).toMatchObject({ orgnr: null, confidential: false });
    expect(listingFieldsSchema.parse({ ...listingFields, orgnr: '923 609 016' }).orgnr).toBe('923609016');
    const wrong = listingFieldsSchema.safeParse({ ...listingFields, orgnr: '123456789' });
    expect(wrong.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['orgnr', 'Ugyldig organisasjonsnummer']]);
  });
});
