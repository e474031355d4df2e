import { TRPCError } from '@trpc/server';
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { companyRegistry } from '@bedriftstorget/core/company/company.sql';
import { company as texts } from '@bedriftstorget/core/texts/company';
import type { RegistryAnswer, RegistryCompany } from '../adapters/company-registry';
import type { Services } from '../context';
import type { Database } from '../db/client';

/** What a found answer stores: every column of the snapshot, so a later answer replaces all of an earlier one. */
function snapshot(company: RegistryCompany, now: Date) {
  const { orgnr: _orgnr, ...fields } = company;
  return { ...fields, status: 'found' as const, checkedAt: now, attemptedAt: now };
}

const notFoundRow = (now: Date) => ({ status: 'not_found' as const, checkedAt: now, attemptedAt: now });

/** Stores what the registry answered about `orgnr`: one row per company, replaced by each newer answer. */
export async function recordAnswer(db: Database, orgnr: string, answer: RegistryAnswer, now: Date): Promise<void> {
  if (answer.kind === 'found') {
    const row = snapshot(answer.company, now);
    await db.insert(companyRegistry).values({ orgnr, ...row }).onDuplicateKeyUpdate({ set: row });
  } else if (answer.kind === 'unavailable') {
    // An earlier answer stays as it was: a registry that is down now says nothing new about the company.
    await db.insert(companyRegistry).values({ orgnr, status: 'pending', attemptedAt: now }).onDuplicateKeyUpdate({ set: { attemptedAt: now } });
  } else {
    const row = notFoundRow(now);
    await db.insert(companyRegistry).values({ orgnr, ...row }).onDuplicateKeyUpdate({ set: row });
  }
}

/**
 * The wizard's check when a listing is saved with an organisasjonsnummer (decision 094), before its
 * transaction so no lock waits for the registry: a number the registry does not know (404) or has
 * removed (410) is refused with a Norwegian message and nothing is saved; a registry that is down or
 * slow leaves the company 'pending' and the save goes on (the scheduled job asks again).
 */
export async function verifyCompany(services: Pick<Services, 'db' | 'registry'>, orgnr: string, now = new Date()): Promise<RegistryAnswer['kind']> {
  const answer = await services.registry.lookup(orgnr);
  if (answer.kind === 'unavailable') console.warn('enhetsregisteret unavailable', { orgnr, reason: answer.reason });
  if (answer.kind === 'not_found') throw new TRPCError({ code: 'BAD_REQUEST', message: texts.notFound });
  if (answer.kind === 'removed') throw new TRPCError({ code: 'BAD_REQUEST', message: texts.removed });
  await recordAnswer(services.db, orgnr, answer, now);
  return answer.kind;
}

/** Bounds one run; the next (15 minutes later) takes the rest. */
const BATCH = 50;
/** A company asked within this long (by a save or an earlier run) waits for a later run. */
const RETRY_AFTER_MS = 5 * 60_000;

export interface RecheckResult {
  checked: number;
  stillPending: number;
}

/**
 * The scheduled step: asks the registry again about companies saved while it was down ('pending'),
 * the longest-waiting first. Safe to run twice at once: each answer replaces the row as a whole.
 */
export async function recheckPendingCompanies(services: Pick<Services, 'db' | 'registry'>, now = new Date()): Promise<RecheckResult> {
  const due = await services.db
    .select({ orgnr: companyRegistry.orgnr })
    .from(companyRegistry)
    .where(and(eq(companyRegistry.status, 'pending'), or(isNull(companyRegistry.attemptedAt), lt(companyRegistry.attemptedAt, new Date(now.getTime() - RETRY_AFTER_MS)))))
    .orderBy(asc(sql`${companyRegistry.attemptedAt} IS NOT NULL`), asc(companyRegistry.attemptedAt))
    .limit(BATCH);
  let checked = 0;
  for (const { orgnr } of due) {
    const answer = await services.registry.lookup(orgnr);
    // 410 and 404 alike: the company is not one staff can approve without a note.
    await recordAnswer(services.db, orgnr, answer.kind === 'removed' ? { kind: 'not_found' } : answer, now);
    if (answer.kind !== 'unavailable') checked += 1;
  }
  return { checked, stillPending: due.length - checked };
}
