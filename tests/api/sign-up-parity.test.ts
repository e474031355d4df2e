import type * as nodeCrypto from 'node:crypto';
import type { ScryptOptions } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { mail } from '@bedriftstorget/core/texts/nb';
import { Browser, createHarness, signedInUser, uniqueEmail } from './harness';

/**
 * Sign-up must not tell whether an address is taken (decision 002), and the time it takes is nearly
 * all scrypt: so a registered address must cost the same scrypt work as a new one. Counted, not
 * timed — a stopwatch on a shared machine measures the machine.
 */
const work = vi.hoisted(() => ({ costs: [] as number[] }));
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof nodeCrypto>();
  const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions, callback: (error: Error | null, key: Buffer) => void) => {
    work.costs.push(options.N ?? options.cost ?? 0);
    actual.scrypt(password, salt, keylen, options, callback);
  };
  return { ...actual, scrypt, default: { ...actual, scrypt } };
});

async function scryptWorkOf(signUp: () => Promise<unknown>): Promise<number[]> {
  work.costs = [];
  await signUp();
  return work.costs;
}

describe('sign-up costs the same whether or not the address is taken', () => {
  it('hashes once at the configured cost for a new, an unconfirmed and a confirmed address', async () => {
    const h = createHarness({ config: { scryptLogN: 12 } });
    const confirmed = await signedInUser(h);
    const unconfirmed = uniqueEmail();
    await new Browser(h).call((c) => c.auth.signUp({ email: unconfirmed, password: 'hemmelig1', acceptTerms: true }));
    const signUp = (email: string) => () => new Browser(h).call((c) => c.auth.signUp({ email, password: 'hemmelig2', acceptTerms: true }));

    const fresh = await scryptWorkOf(signUp(uniqueEmail()));
    expect(fresh).toEqual([2 ** 12]);
    expect(await scryptWorkOf(signUp(unconfirmed))).toEqual(fresh);
    expect(await scryptWorkOf(signUp(confirmed.email))).toEqual(fresh);
    // The owner of the taken address is told by mail instead of the visitor on the page.
    expect(h.mailer.last(confirmed.email).subject).toBe(mail.alreadyRegisteredSubject);
  });
});
