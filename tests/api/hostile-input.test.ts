import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_BATCH_CALLS } from '@bedriftstorget/api/http/guard';
import { userRoles } from '@bedriftstorget/core/profile/profile.sql';
import { handleTrpc } from '@bedriftstorget/api/http/handler';
import { createHarness, db, randomIp, signedInUser } from './harness';
import { batchesOf, checksum, cookieOf, procedures, SEED, send } from './hostile-send';
import { anyValue, HOSTILE, seedFor, shapeOf } from './hostile-values';

/**
 * Random whole inputs at every procedure, as visitor, user and admin, through the real HTTP
 * handler: the access checks and the schemas meet garbage in any shape. Every answer must be 2xx
 * or 4xx, never 5xx, and a refused request must change nothing (every table's checksum). The
 * procedures come from the router, so a new one is covered without anyone remembering. Valid
 * inputs with one hostile field, which reach the handlers, are in hostile-fields*.test.ts.
 */
const inputFor = (keys: string[]) =>
  keys.length === 0
    ? fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom(...HOSTILE))
    : fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.dictionary(fc.constantFrom(...keys), anyValue), fc.record(Object.fromEntries(keys.map((k) => [k, anyValue])), { requiredKeys: [] }));

const RUNS_PER_ROLE = Number(process.env.HOSTILE_RUNS ?? 20);

describe('random input at every procedure', () => {
  it('never answers 5xx, and refused requests change no table', { timeout: 180_000 }, async () => {
    const h = createHarness();
    const user = await signedInUser(h);
    const admin = await signedInUser(h);
    await db.insert(userRoles).values({ userId: admin.userId, role: 'admin' });
    const roles = [
      { name: 'visitor', cookie: null },
      { name: 'user', cookie: cookieOf(h, user.browser.sessionId) },
      { name: 'admin', cookie: cookieOf(h, admin.browser.sessionId) },
    ];
    const failures: string[] = [];
    let sent = 0;
    let serverErrors = 0;
    let before = await checksum();

    for (const { path, type, schema } of procedures) {
      const shape = shapeOf(schema);
      const keys = shape.kind === 'object' ? Object.keys(shape.shape!) : [];
      for (const role of roles) {
        // Signing out would end the session the rest of the run uses; visitors still try it.
        if (path === 'auth.signOut' && role.cookie) continue;
        const random = fc.sample(inputFor(keys), { numRuns: RUNS_PER_ROLE, seed: seedFor(SEED, `${path} ${role.name}`) });
        let acceptedMutation = false;
        for (const chunk of batchesOf([undefined, ...random], MAX_BATCH_CALLS)) {
          const answers = await send(h, path, type, chunk, role.cookie);
          sent += chunk.length;
          answers.forEach(({ status }, j) => {
            if (status >= 500) failures.push(`${role.name} ${path} ${JSON.stringify(chunk[j])?.slice(0, 200)} → ${status}`);
            if (status < 300 && type === 'mutation') acceptedMutation = true;
          });
          serverErrors += answers.filter(({ status }) => status >= 500).length;
        }
        const after = await checksum();
        if (!acceptedMutation && after !== before) failures.push(`${role.name} ${path}: tables changed by refused input\n  ${before}\n  ${after}`);
        before = after;
      }
    }
    console.info(`random input: ${procedures.length} procedures × ${roles.length} roles, ${sent} requests, ${serverErrors} answered 5xx (seed ${SEED})`);
    expect(failures).toEqual([]);
  });

  it('any /trpc address, broken percent-escapes included, never answers 5xx', async () => {
    const h = createHarness();
    const app = new URL(h.config.appUrl).origin;
    // Procedure names as the address carries them: escapes (valid, cut short, not UTF-8), commas for batches, anything else.
    const piece = fc.oneof(fc.constantFrom('auth.me', 'listing.landing', ',', '.', '%', '%E0%A4%A', '%ED%A0%80', '%C3%A6', '%00', '%2F', '%%', '%G0'), fc.string({ maxLength: 6 }).map(encodeURIComponent));
    const paths = fc.sample(fc.array(piece, { minLength: 1, maxLength: 6 }).map((parts) => parts.join('')), { numRuns: 300, seed: seedFor(SEED, 'paths') });
    const failures: string[] = [];
    for (const path of paths) {
      const response = await handleTrpc(h, new Request(`${app}/trpc/${path}?batch=1`), randomIp());
      if (response.status >= 500) failures.push(`/trpc/${path} → ${response.status}`);
    }
    expect(failures).toEqual([]);
  });
});
