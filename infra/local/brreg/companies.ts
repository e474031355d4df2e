import type { Enhet } from '@bedriftstorget/api/adapters/company-registry';

/**
 * The companies the local stand-in for Enhetsregisteret knows (decision 094): made up, with valid
 * check digits. The seed gives some of them to the demo seller's listings; the tests and staff demos
 * use the flagged ones (bankrupt, under liquidation, deleted) and the one removed (410).
 */
const as = { kode: 'AS', beskrivelse: 'Aksjeselskap' };
const address = (adresse: string, postnummer: string, poststed: string, kommune: string, kommunenummer: string) => ({ adresse: [adresse], postnummer, poststed, kommune, kommunenummer });

export const STAND_IN_COMPANIES = {
  cafe: { organisasjonsnummer: '910000101', navn: 'FJORDKAFEEN AS', organisasjonsform: as, forretningsadresse: address('Bryggen 12', '5003', 'BERGEN', 'BERGEN', '4601'), konkurs: false, underAvvikling: false, underTvangsavviklingEllerTvangsopplosning: false },
  accounting: { organisasjonsnummer: '910000179', navn: 'NORDLYS REGNSKAP AS', organisasjonsform: as, forretningsadresse: address('Storgata 80', '9008', 'TROMSØ', 'TROMSØ', '5501'), konkurs: false, underAvvikling: false, underTvangsavviklingEllerTvangsopplosning: false },
  bakery: { organisasjonsnummer: '910000241', navn: 'SOLSIDEN BAKERI AS', organisasjonsform: as, forretningsadresse: address('Beddingen 8', '7042', 'TRONDHEIM', 'TRONDHEIM', '5001'), konkurs: false, underAvvikling: false, underTvangsavviklingEllerTvangsopplosning: false },
  plumbing: { organisasjonsnummer: '910000314', navn: 'VESTKYST RØR OG VARME AS', organisasjonsform: as, forretningsadresse: address('Verksgata 3', '4013', 'STAVANGER', 'STAVANGER', '1103'), konkurs: false, underAvvikling: false, underTvangsavviklingEllerTvangsopplosning: false },
  /** Only a postal address, and a check digit from remainder 0. */
  garden: { organisasjonsnummer: '910000160', navn: 'Grønn Hage Kari Nordmann', organisasjonsform: { kode: 'ENK', beskrivelse: 'Enkeltpersonforetak' }, postadresse: address('Postboks 44', '3701', 'SKIEN', 'SKIEN', '4003'), konkurs: false, underAvvikling: false, underTvangsavviklingEllerTvangsopplosning: false },
  bankrupt: { organisasjonsnummer: '910000381', navn: 'KONKURSBO EKSEMPEL AS', organisasjonsform: as, forretningsadresse: address('Industriveien 1', '2004', 'LILLESTRØM', 'LILLESTRØM', '3205'), konkurs: true, underAvvikling: false, underTvangsavviklingEllerTvangsopplosning: false },
  liquidating: { organisasjonsnummer: '910000454', navn: 'AVVIKLING HANDEL AS', organisasjonsform: as, forretningsadresse: address('Torget 5', '1606', 'FREDRIKSTAD', 'FREDRIKSTAD', '3107'), konkurs: false, underAvvikling: true, underTvangsavviklingEllerTvangsopplosning: false },
  deleted: { organisasjonsnummer: '910000527', navn: 'SLETTET BYGG AS', organisasjonsform: as, forretningsadresse: address('Havnegata 2', '8006', 'BODØ', 'BODØ', '1804'), konkurs: false, underAvvikling: false, underTvangsavviklingEllerTvangsopplosning: false, slettedato: '2025-06-30' },
} satisfies Record<string, Enhet>;

/** Valid numbers the stand-in answers 410 (removed) for. */
export const STAND_IN_REMOVED = ['910000667'];
