import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '@bedriftstorget/api/auth/password';

/**
 * What the stored hash must look like before a password is compared with it (auth/password.ts): a
 * stored value with a part missing or a hash of another length is a refusal, never an exception that
 * would answer a sign-in with a 500. Found by mutation testing (bench/MUTATION.md).
 */
describe('verifyPassword with a damaged stored hash', () => {
  it('refuses, without throwing, a stored hash with any of its six parts empty', async () => {
    const stored = await hashPassword('hemmelig1', 10);
    const parts = stored.split('$');
    for (let i = 0; i < parts.length; i += 1) {
      const damaged = parts.map((part, j) => (j === i ? '' : part)).join('$');
      await expect(verifyPassword('hemmelig1', damaged), `part ${i} empty`).resolves.toBe(false);
    }
    await expect(verifyPassword('hemmelig1', parts.slice(0, 5).join('$'))).resolves.toBe(false);
  });

  it('refuses, without throwing, a hash shorter or longer than the one it derives', async () => {
    const stored = await hashPassword('hemmelig1', 10);
    const hash = stored.split('$')[5]!;
    const prefix = stored.slice(0, -hash.length);
    await expect(verifyPassword('hemmelig1', `${prefix}${hash.slice(0, 20)}`)).resolves.toBe(false);
    await expect(verifyPassword('hemmelig1', `${prefix}${hash}AAAA`)).resolves.toBe(false);
  });

  it('stores scrypt with the cost it names (N = 2^logN, r = 8, p = 1) over the NFKC password', async () => {
    const [, , , , salt, hash] = (await hashPassword('Kafe\u0301', 11)).split('$');
    const expected = scryptSync('Kafé', Buffer.from(salt!, 'base64url'), 64, { N: 2 ** 11, r: 8, p: 1 });
    expect(hash).toBe(expected.toString('base64url'));
  });

  it('reads the cost from the stored hash, so a hash made at another cost still verifies', async () => {
    expect(await verifyPassword('hemmelig1', await hashPassword('hemmelig1', 11))).toBe(true);
    expect(await hashPassword('hemmelig1', 11)).toMatch(/^scrypt\$11\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
  });

  it('compares passwords as NFKC, so an Å typed as A + ring is the same password', async () => {
    const stored = await hashPassword('Åpen kafé', 10);
    expect(await verifyPassword('A\u030Apen kafe\u0301', stored)).toBe(true);
  });
});
