import { company as texts } from '@bedriftstorget/core/texts/company';
import type { Services } from '../context';

export type CompanyLookup =
  | { kind: 'found'; orgnr: string; name: string; kommune: string | null; form: string | null }
  | { kind: 'not_found' | 'removed'; orgnr: string; message: string }
  | { kind: 'unavailable'; orgnr: string };

/**
 * The wizard's look-up when the 'Organisasjonsnummer' field is left (decision 139): what
 * Enhetsregisteret says about a number the caller typed, so the seller sees the company's name and
 * kommune ('Er dette riktig firma?') or the field marked, on step 1 instead of at 'Send til
 * gjennomgang'. It stores nothing (the save still checks and records, verifyCompany) and says
 * nothing about listings: a confidential listing's number is never an input here, only what the
 * public registry tells anyone about the number typed.
 */
export async function lookupCompany(services: Pick<Services, 'registry'>, orgnr: string): Promise<CompanyLookup> {
  const answer = await services.registry.lookup(orgnr);
  switch (answer.kind) {
    case 'found':
      return { kind: 'found', orgnr, name: answer.company.name, kommune: answer.company.kommune, form: answer.company.formText };
    case 'not_found':
      return { kind: 'not_found', orgnr, message: texts.notFound };
    case 'removed':
      return { kind: 'removed', orgnr, message: texts.removed };
    default:
      console.warn('enhetsregisteret unavailable', { orgnr, reason: answer.reason });
      return { kind: 'unavailable', orgnr };
  }
}
