import * as z from 'zod';

/**
 * Enhetsregisteret's open API (`GET {url}/enheter/{orgnr}`, decision 094): production is
 * https://data.brreg.no/enhetsregisteret/api; locally and in tests a stand-in that speaks the same
 * (infra/local/brreg). Only the fields we keep are read; anything else in the answer is ignored.
 */
const address = z.object({
  adresse: z.array(z.string()).optional(),
  postnummer: z.string().optional(),
  poststed: z.string().optional(),
  kommune: z.string().optional(),
  kommunenummer: z.string().optional(),
});

export const enhetSchema = z.object({
  organisasjonsnummer: z.string().regex(/^\d{9}$/),
  navn: z.string().min(1),
  organisasjonsform: z.object({ kode: z.string(), beskrivelse: z.string() }).optional(),
  forretningsadresse: address.optional(),
  postadresse: address.optional(),
  konkurs: z.boolean().optional(),
  underAvvikling: z.boolean().optional(),
  underTvangsavviklingEllerTvangsopplosning: z.boolean().optional(),
  slettedato: z.string().optional(),
});
export type Enhet = z.infer<typeof enhetSchema>;

/** The part of an answer we store (company_registry), in our own names. */
export interface RegistryCompany {
  orgnr: string;
  name: string;
  formCode: string | null;
  formText: string | null;
  kommune: string | null;
  kommunenummer: string | null;
  address: string | null;
  bankrupt: boolean;
  liquidation: boolean;
  forcedLiquidation: boolean;
  deletedOn: string | null;
}

export type RegistryAnswer =
  | { kind: 'found'; company: RegistryCompany }
  /** 404: no such unit. */
  | { kind: 'not_found' }
  /** 410: removed from the registry. */
  | { kind: 'removed' }
  /** No answer in time, a 5xx, or one we cannot read: ask again later (the scheduled job). */
  | { kind: 'unavailable'; reason: string };

export interface CompanyRegistry {
  lookup(orgnr: string): Promise<RegistryAnswer>;
}

const cut = (text: string | undefined, max: number) => (text ? text.slice(0, max) : null);

export function toRegistryCompany(enhet: Enhet): RegistryCompany {
  // The postal address stands in when a unit has no business address (some have only one).
  const where = enhet.forretningsadresse ?? enhet.postadresse;
  const line = where ? [...(where.adresse ?? []), [where.postnummer, where.poststed].filter(Boolean).join(' ')].filter(Boolean).join(', ') : '';
  return {
    orgnr: enhet.organisasjonsnummer,
    name: enhet.navn.slice(0, 255),
    formCode: cut(enhet.organisasjonsform?.kode, 16),
    formText: cut(enhet.organisasjonsform?.beskrivelse, 255),
    kommune: cut(where?.kommune, 100),
    kommunenummer: cut(where?.kommunenummer, 8),
    address: cut(line, 500),
    bankrupt: enhet.konkurs ?? false,
    liquidation: enhet.underAvvikling ?? false,
    forcedLiquidation: enhet.underTvangsavviklingEllerTvangsopplosning ?? false,
    deletedOn: /^\d{4}-\d{2}-\d{2}$/.test(enhet.slettedato ?? '') ? enhet.slettedato! : null,
  };
}

export interface RegistrySettings {
  /** Base URL without a trailing slash; null: no registry configured, every lookup is 'unavailable'. */
  url: string | null;
  timeoutMs: number;
}

/** The HTTP adapter. Never throws: every failure is an answer the caller can act on. */
export function createBrregRegistry(settings: RegistrySettings, fetchImpl: typeof fetch = fetch): CompanyRegistry {
  return {
    async lookup(orgnr) {
      if (!settings.url) return { kind: 'unavailable', reason: 'no registry configured' };
      try {
        const response = await fetchImpl(`${settings.url}/enheter/${encodeURIComponent(orgnr)}`, {
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(settings.timeoutMs),
        });
        if (response.status === 404) return { kind: 'not_found' };
        if (response.status === 410) return { kind: 'removed' };
        if (!response.ok) return { kind: 'unavailable', reason: `HTTP ${response.status}` };
        const parsed = enhetSchema.safeParse(await response.json());
        if (!parsed.success || parsed.data.organisasjonsnummer !== orgnr) return { kind: 'unavailable', reason: 'unreadable answer' };
        return { kind: 'found', company: toRegistryCompany(parsed.data) };
      } catch (error) {
        return { kind: 'unavailable', reason: error instanceof Error ? error.name : String(error) };
      }
    },
  };
}
