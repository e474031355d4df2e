import { afterAll, describe, expect, it } from 'vitest';
import type * as z from 'zod';
import { accessOf } from './authorization-matrix';
import { procedures, SEED, batchesOf, checksum, cookieOf, send, type Answer } from './hostile-send';
import { targets } from './hostile-targets';
import { aimedValues, asJson, fieldsOf, seedFor, withValueAt, type FieldPath } from './hostile-values';
import { hostileHarness, hostileWorld, type World } from './hostile-world';
import type { Harness } from './harness';

/**
 * Hostile values aimed at one field at a time of a valid input (decision record 059), through the
 * real HTTP handler, as the role that reaches the handler: never a 5xx, and a refused request
 * changes no table. One test per procedure, so a failure names it; `HOSTILE_SEED` repeats a run.
 */
/**
 * The half of the procedures (by run time) in their own file, so the two halves run on both workers.
 * seller.create and seller.update are the longest (a committed listing per accepted request): one each.
 */
export const SELLER_AND_ADMIN = /^(seller\.(?!update)|profile\.|valuation\.|admin\.)/;

const GENERATED_PER_FIELD = Number(process.env.HOSTILE_RUNS ?? 6);
const ROLE = { public: 'visitor', signedIn: 'owner', admin: 'admin' } as const;

interface Sent { field: FieldPath; value: unknown; input: unknown; valid: boolean }
const tally: string[] = [];
const totals = { sent: 0, valid: 0, ok: 0 };

const valueAt = (input: unknown, path: FieldPath) => path.reduce<unknown>((node, key) => (node as Record<string | number, unknown> | undefined)?.[key], input);
const show = (item: Sent) => `${item.field.join('.') || '(input)'} = ${JSON.stringify(item.value)?.slice(0, 120)}`;

export function hostileSuite(name: string, include: (path: string) => boolean) {
  describe(name, () => {
    // Made at the first test, once seller-helpers' local S3 has its port.
    let baseHarness: Harness | undefined;
    let sharedWorld: Promise<World> | undefined;

    afterAll(() => {
      console.info(`${name} (seed ${SEED}): ${totals.sent} requests, ${totals.valid} past validation to the handler, ${totals.ok} answered 2xx\n  ${tally.join('\n  ')}`);
    });

    for (const { path, type, schema } of procedures.filter((p) => include(p.path) && p.path in targets)) {
      it(`${path}: the valid fixture reaches the handler; one hostile field at a time never answers 5xx, and refusals change no table`, { timeout: 180_000 }, async () => {
        const target = targets[path]!;
        const base = (baseHarness ??= hostileHarness());
        // Queries change nothing the fixtures point at: they share one world; every mutation gets its own.
        const w = type === 'query' ? await (sharedWorld ??= hostileWorld(base)) : await hostileWorld(base);
        const h = target.config ? hostileHarness(target.config) : base;
        const role = target.as ?? ROLE[accessOf(path)!];
        const session = role === 'visitor' ? null : cookieOf(h, w[role].browser.sessionId);
        const cookie = [session, target.cookie].filter(Boolean).join('; ') || null;
        const parse = (input: unknown) => !schema || (schema as unknown as z.ZodType).safeParse(input).success;

        const fixture = asJson(await target.input?.(w));
        if (schema) expect((schema as unknown as z.ZodType).safeParse(fixture).error?.issues, 'the fixture passes the input schema').toBeUndefined();
        await target.before?.(w);
        const [first] = await send(h, path, type, [fixture], cookie);
        expect(first, 'the fixture, sent as the role that reaches the handler').toMatchObject({ status: target.status ?? 200 });

        const seed = seedFor(SEED, path);
        const items: Sent[] = [];
        for (const [i, field] of fieldsOf(schema, fixture).entries()) {
          for (const value of aimedValues(field.schema, valueAt(fixture, field.path), w.ids, seed + i * 1_000, GENERATED_PER_FIELD)) {
            // Whether it passes the schema does not depend on the fresh ids: only what passes gets fresh ones.
            const valid = parse(withValueAt(fixture, field.path, value));
            const input = withValueAt(valid && target.input ? await target.input(w) : fixture, field.path, value);
            items.push({ field: field.path, value, input, valid });
          }
        }

        const failures: string[] = [];
        const answered = async (batch: Sent[]): Promise<Answer[]> => {
          const answers = await send(h, path, type, batch.map((item) => item.input), cookie);
          answers.forEach((answer, j) => {
            if (answer.status >= 500) failures.push(`${show(batch[j]!)} → ${answer.status}`);
          });
          return answers;
        };
        // Refused by the schema: nothing may change, whatever the batch.
        const refused = items.filter((item) => !item.valid);
        await target.before?.(w);
        let before = await checksum(target.refusalWrites);
        for (const batch of batchesOf(refused)) await answered(batch);
        if ((await checksum(target.refusalWrites)) !== before) failures.push(`requests refused by the schema changed a table`);
        // Past the schema: what the handler refuses may change nothing either. A batch where some calls were
        // accepted changes tables, so the refused ones go again on their own, between two checksums.
        let ok = 0;
        for (const batch of batchesOf(items.filter((item) => item.valid), target.batch)) {
          await target.before?.(w);
          const answers = await answered(batch);
          ok += answers.filter((a) => a.status < 300).length;
          const turnedDown = batch.filter((_, j) => answers[j]!.status >= 400);
          if (turnedDown.length === 0) continue;
          await target.before?.(w);
          before = await checksum(target.refusalWrites);
          const again = await answered(turnedDown);
          const changed = (await checksum(target.refusalWrites)) !== before;
          if (changed && again.every((a) => a.status >= 400)) failures.push(`refused by the handler, yet a table changed: ${turnedDown.map(show).join('; ')}`);
        }
        await target.before?.(w);

        const valid = items.length - refused.length;
        tally.push(`${path} as ${role}: ${items.length} sent, ${valid} past validation, ${ok} answered 2xx`);
        totals.sent += items.length;
        totals.valid += valid;
        totals.ok += ok;
        expect(failures).toEqual([]);
      });
    }
  });
}
