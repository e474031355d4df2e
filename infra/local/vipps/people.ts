import { createHash } from 'node:crypto';

/**
 * The local Vipps's test people (decision 118): each is a button on its login page. Vipps's own
 * test environment has test users with test phone numbers too; these carry the claims Vipps's
 * userinfo gives for the scopes `name email phoneNumber birthDate` (phone without '+', as Vipps sends it).
 * The demo seller is here with the seed's name and address, so the seeded verification is theirs.
 */
export interface TestPerson {
  /** The person's id inside the local Vipps; a client never sees it, only its pairwise `sub`. */
  id: string;
  givenName: string;
  familyName: string;
  email: string;
  phone: string;
  birthdate: string;
}

export const TEST_PEOPLE: readonly TestPerson[] = [
  { id: 'kari-nordmann', givenName: 'Kari', familyName: 'Nordmann', email: 'selger@bedriftstorget.no', phone: '4791234567', birthdate: '1979-03-14' },
  { id: 'per-kjoper', givenName: 'Per', familyName: 'Kjøper', email: 'kjoper@bedriftstorget.no', phone: '4790011223', birthdate: '1985-11-02' },
  { id: 'ingrid-hansen', givenName: 'Ingrid', familyName: 'Hansen', email: 'ingrid.hansen@example.no', phone: '4793344556', birthdate: '1990-06-21' },
  { id: 'ola-berg', givenName: 'Ola', familyName: 'Berg', email: 'ola.berg@example.no', phone: '4794455667', birthdate: '1968-01-30' },
  { id: 'sofie-lie', givenName: 'Sofie', familyName: 'Lie', email: 'sofie.lie@example.no', phone: '4795566778', birthdate: '1995-09-09' },
  { id: 'jonas-dahl', givenName: 'Jonas', familyName: 'Dahl', email: 'jonas.dahl@example.no', phone: '4796677889', birthdate: '1982-04-17' },
];

export const fullName = (person: TestPerson) => `${person.givenName} ${person.familyName}`;

/** The one client the local Vipps knows: the app, started with it by `npm start` and the tests. */
export const LOCAL_CLIENT = { clientId: 'bedriftstorget-lokal', clientSecret: 'lokal-hemmelighet-ikke-i-skyen' } as const;

/**
 * Vipps gives each merchant its own `sub` for a person (pairwise subject identifiers), a UUID.
 * The same person seen by another client id gets another one, so ids cannot be joined across merchants.
 */
export function pairwiseSub(personId: string, clientId: string): string {
  const hex = createHash('sha256').update(`vipps-lokal|${clientId}|${personId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
