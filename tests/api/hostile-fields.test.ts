import { describe, expect, it } from 'vitest';
import { procedures } from './hostile-send';
import { hostileSuite, SELLER_AND_ADMIN } from './hostile-suite';
import { targets } from './hostile-targets';

describe('hostile-input fixtures', () => {
  it('has a valid fixture for every procedure', () => {
    expect(procedures.map((p) => p.path).filter((path) => !(path in targets))).toEqual([]);
    expect(Object.keys(targets).filter((path) => !procedures.some((p) => p.path === path))).toEqual([]);
  });
});

// The seller's (but seller.update) and the admin's procedures run in hostile-fields-seller-admin.test.ts, on the other worker.
hostileSuite('hostile values aimed at each field', (path) => !SELLER_AND_ADMIN.test(path));
