import { describe, expect, it } from 'vitest';
import { safeReturnPath } from '@bedriftstorget/core/auth/return-path';
import { returnPathSchema } from '@bedriftstorget/core/auth/schemas';
import { auth } from '@bedriftstorget/core/texts/nb';

/** The page to return to after sign-in: a path on this site, never a way off it (no open redirect). */
describe('safeReturnPath', () => {
  it('keeps paths on this site, with their query', () => {
    for (const path of ['/alle-annonser', '/alle-annonser?bransje=craft&sted=Bergen', '/bedrift/abc-123', '/admin/annonser', '/meldinger#siste']) {
      expect(safeReturnPath(path)).toBe(path);
    }
  });

  it('refuses every way to another site, and the sign-in pages themselves', () => {
    const hostile = [
      '//evil.example', '//evil.example/alle-annonser', 'https://evil.example', 'http://evil.example/', '/\\evil.example', '\\\\evil.example',
      'javascript:alert(1)', 'evil.example', '/%0d%0aLocation:x'.replace('%0d%0a', '\r\n'), '/\tevil', '', '/auth', '/auth?mode=login', '/auth/bekreft?token=x',
      `/${'a'.repeat(300)}`, null, undefined, 42,
    ];
    for (const value of hostile) expect(safeReturnPath(value), String(value)).toBeNull();
  });

  it('the server refuses the same values in words', () => {
    expect(returnPathSchema.safeParse('/alle-annonser').success).toBe(true);
    const refused = returnPathSchema.safeParse('//evil.example');
    expect(refused.error?.issues[0]?.message).toBe(auth.returnPathInvalid);
    expect(returnPathSchema.safeParse('https://evil.example').success).toBe(false);
  });
});
