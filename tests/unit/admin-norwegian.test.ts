import { describe, expect, it } from 'vitest';
import { CSV_HEADER } from '@bedriftstorget/core/admin/csv';
import * as adminTexts from '@bedriftstorget/core/texts/admin';
import { admin } from '@bedriftstorget/core/texts/nb';
import * as sellerTexts from '@bedriftstorget/core/texts/seller';

/** Every string in a text module, functions called with sample arguments. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'function') {
    // Sample arguments: numbers, else strings and lists for the texts that take them.
    for (const args of [[2, 2, 2], ['x', 'x', 'x'], [['x'], 'x', 'x', 2]]) {
      try {
        return strings((value as (...a: unknown[]) => unknown)(...args));
      } catch {
        // the next sample
      }
    }
    return [];
  }
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

describe('the back office speaks Norwegian', () => {
  it("names its frame 'Administrasjon' and its first page 'Oversikt'", () => {
    expect(admin.panel).toBe('Administrasjon');
    expect(admin.dashboard).toBe('Oversikt');
    expect(adminTexts.overview.title).toBe('Oversikt');
  });

  it("says 'Fremhev' and 'Fremhevet', in the page and in the CSV", () => {
    expect(adminTexts.adminListings.feature).toBe('Fremhev');
    expect(adminTexts.listingEdit.fields.featured).toBe('Fremhevet');
    expect(CSV_HEADER).toContain('Fremhevet');
  });

  it("has no English words left, and no toast that only says 'Suksess!'", () => {
    const all = [...strings(adminTexts), ...strings(admin), ...strings(sellerTexts), ...CSV_HEADER];
    for (const word of ['Dashboard', 'Admin Panel', 'Feature', 'Featured', 'Suksess']) {
      expect(all.filter((text) => new RegExp(`\\b${word}\\b`).test(text)), word).toEqual([]);
    }
  });
});
