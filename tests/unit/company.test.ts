import { describe, expect, it } from 'vitest';
import { companyFrom, LOCAL_COMPANY } from '@bedriftstorget/core/site/company';
import { landingSections } from '@bedriftstorget/core/texts/marketplace';
import { DEPLOY_SETTINGS } from '../../stacks/stage-settings';

describe("'Om oss' names the company from configuration", () => {
  it('groups a configured org.nr in threes and keeps the address', () => {
    expect(companyFrom({ orgNr: '912345678', address: ' Kongens gate 2, 0153 Oslo ' })).toEqual({ orgNr: '912 345 678', address: 'Kongens gate 2, 0153 Oslo' });
    expect(companyFrom({ orgNr: '912 345 678', address: 'X' }).orgNr).toBe('912 345 678');
  });

  it('falls back to the local defaults for what is missing or malformed', () => {
    expect(companyFrom({})).toEqual(LOCAL_COMPANY);
    expect(companyFrom({ orgNr: '12345', address: '  ' })).toEqual(LOCAL_COMPANY);
    expect(companyFrom({ orgNr: 'abc defghi', address: 'Bryggen 1, 5003 Bergen' })).toEqual({ orgNr: LOCAL_COMPANY.orgNr, address: 'Bryggen 1, 5003 Bergen' });
  });

  it('reads as a sentence, and every deploy has a place for the values', () => {
    expect(landingSections.aboutCompany('912 345 678', 'Kongens gate 2, 0153 Oslo')).toBe('Bedriftstorget AS, org.nr. 912 345 678, Kongens gate 2, 0153 Oslo.');
    expect(Object.keys(DEPLOY_SETTINGS.company).sort()).toEqual(['address', 'orgNr']);
    expect(companyFrom(DEPLOY_SETTINGS.company).orgNr).toMatch(/^\d{3} \d{3} \d{3}$/);
  });
});
