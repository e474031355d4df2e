import type { Industry } from '@bedriftstorget/core/listing/listing.sql';

/**
 * Words for generated listings: Norwegian as sellers write it. Some words are meant to be common
 * (each sentence's share below): 'lønnsom' in ~30 % of descriptions, 'en' in most, 'AS' in many
 * titles — the searches the bench measures.
 */
export const businesses: Record<Industry, { nouns: string[]; sentences: string[] }> = {
  restaurant: {
    nouns: ['kafé', 'restaurant', 'bakeri', 'pizzeria', 'sushibar', 'kebabsjappe', 'bistro', 'catering', 'konditori', 'pub', 'kaffebar', 'gatekjøkken', 'vinbar', 'tapasbar', 'foodtruck'],
    sentences: [
      'Kjøkkenet ble pusset opp i fjor og har nytt ventilasjonsanlegg.',
      'Vi har skjenkebevilling og uteservering om sommeren.',
      'Mange faste gjester kommer til lunsj hver dag.',
      'Levering gjennom Foodora og Wolt gir en stabil andel av salget.',
      'Menyen bygger på lokale råvarer fra gårder i nærheten.',
    ],
  },
  retail: {
    nouns: ['blomsterbutikk', 'sportsbutikk', 'bokhandel', 'interiørbutikk', 'klesbutikk', 'jernvarehandel', 'dyrebutikk', 'optiker', 'brukthandel', 'skobutikk', 'gullsmed', 'leketøysbutikk'],
    sentences: [
      'Butikken ligger på hjørnet i gågaten med store vinduer mot gaten.',
      'Varelageret telles hver måned og er fritt for ukurante varer.',
      'Kjedeavtalen gir gode innkjøpspriser og felles markedsføring.',
      'Julehandelen står for nesten en tredel av årets omsetning.',
      'Nettbutikken er koblet til kassasystemet og lageret.',
    ],
  },
  tech: {
    nouns: ['IT-konsulent', 'programvarehus', 'webbyrå', 'SaaS-selskap', 'driftsleverandør', 'appstudio', 'dataanalyse', 'nettverksleverandør', 'spillstudio', 'sikkerhetsselskap'],
    sentences: [
      'Kundene har rammeavtaler med automatisk fornyelse.',
      'Plattformen kjører i skyen med høy oppetid og god dokumentasjon.',
      'Abonnementsinntektene vokser hvert kvartal.',
      'Utviklerne er sertifiserte og blir med videre etter salget.',
      'Kildekoden eies av selskapet og er fri for lisensheftelser.',
    ],
  },
  services: {
    nouns: ['regnskapsbyrå', 'renholdsbyrå', 'eiendomsmegler', 'reisebyrå', 'vaktselskap', 'flyttebyrå', 'bemanningsbyrå', 'advokatkontor', 'reklamebyrå', 'vaskeri', 'bilverksted', 'trafikkskole'],
    sentences: [
      'Selskapet har faste kontrakter med borettslag og næringskunder.',
      'Arbeidsprosessene er digitale og godt dokumentert.',
      'De ansatte har lang erfaring og høy kundetilfredshet.',
      'Oppdragsmengden er jevn gjennom hele året.',
      'Godkjenningene og sertifikatene følger med virksomheten.',
    ],
  },
  craft: {
    nouns: ['rørlegger', 'elektriker', 'snekkerverksted', 'malerfirma', 'murer', 'taktekker', 'blikkenslager', 'smed', 'glassmester', 'tømrerfirma', 'flislegger'],
    sentences: [
      'Verkstedet er fullt utstyrt og ligger sentralt til med god parkering.',
      'Vi er godkjent lærebedrift og har to lærlinger i dag.',
      'Servicebilene er nye og leaset på gunstige vilkår.',
      'Oppdragene kommer fra private, borettslag og næringsbygg.',
      'Ordreboken er full for de neste seks månedene.',
    ],
  },
  fitness: {
    nouns: ['treningssenter', 'yogastudio', 'fysioterapi', 'frisørsalong', 'hudpleie', 'massasjeklinikk', 'crossfitboks', 'tannklinikk', 'neglstudio', 'spa', 'kiropraktor'],
    sentences: [
      'Medlemmene betaler månedlig med autotrekk og lav frafallsrate.',
      'Lokalet har egne garderober, badstue og gruppesal.',
      'Timebestillingen skjer på nett og er booket uker frem i tid.',
      'Utstyret ble oppgradert for to år siden.',
      'Klinikken har driftstilskudd fra kommunen.',
    ],
  },
  ecommerce: {
    nouns: ['nettbutikk', 'nettbutikk for barneklær', 'nettbutikk for kaffe', 'nettbutikk for friluftsutstyr', 'nettbutikk for hudpleie', 'nettbutikk for hageutstyr', 'abonnementstjeneste', 'nettbutikk for sykler', 'nettbutikk for interiør'],
    sentences: [
      'Nettbutikken har sterk organisk trafikk og lojale kunder.',
      'Logistikken er satt ut til et tredjepartslager med lave kostnader.',
      'Kunderegisteret har mange tusen aktive nyhetsbrevmottakere.',
      'Egne merkevarer gir høyere margin enn innkjøpte produkter.',
      'Gjenkjøpsraten er høy og annonsekostnadene er lave.',
    ],
  },
  other: {
    nouns: ['gårdsbutikk', 'campingplass', 'hotell', 'båtutleie', 'kursvirksomhet', 'galleri', 'bryggeri', 'gjestehus', 'barnehage', 'hundepensjonat'],
    sentences: [
      'Eiendommen ligger vakkert til med utsikt over fjorden.',
      'Sesongen er lang og bookingen starter tidlig på året.',
      'Virksomheten har gode anmeldelser på alle store plattformer.',
      'Stedet er kjent i regionen og har mange faste besøkende.',
      'Det er lagt til rette for videre utvikling av tomten.',
    ],
  },
};

export const adjectives = ['Etablert', 'Veldrevet', 'Populær', 'Moderne', 'Tradisjonsrik', 'Voksende', 'Solid', 'Lønnsom', 'Kjent', 'Sentral', 'Liten', 'Stor'];
export const nameParts = ['Fjord', 'Nord', 'Lys', 'Berg', 'Elv', 'Skog', 'Kyst', 'Vik', 'Fjell', 'Hav', 'Sol', 'Li', 'Bjørk', 'Furu', 'Strand', 'Dal', 'Øy', 'Nes', 'Os', 'Holm'];
export const nameEnds = ['en', 'heim', 'gård', 'vik', 'lund', 'dal', 'stad', 'nes', 'haug', 'sund'];

/** Sentences any listing may have, with how often (share of listings). */
export const commonSentences: { text: string; share: number }[] = [
  { text: 'Virksomheten er lønnsom og har hatt jevn vekst de siste årene.', share: 0.3 },
  { text: 'Eieren ønsker å gå av med pensjon og ønsker en ryddig overdragelse.', share: 0.25 },
  { text: 'Det er en god mulighet for en ny eier som vil utvikle driften videre.', share: 0.5 },
  { text: 'Leieavtalen løper i fem år til med opsjon på forlengelse.', share: 0.3 },
  { text: 'Regnskapet er ryddig og revidert.', share: 0.35 },
  { text: 'Kundene er lojale og mange har handlet her i over ti år.', share: 0.2 },
  { text: 'Selger kan bli med i en overgangsperiode for opplæring.', share: 0.3 },
  { text: 'Alt inventar og utstyr følger med i salget.', share: 0.25 },
  { text: 'Stillingen som daglig leder kan overtas av kjøper.', share: 0.1 },
  { text: 'Det finnes et klart potensial i nye markeder og på nett.', share: 0.2 },
];

export const ownerComments = [
  'Jeg har drevet dette i mange år og vil gi stafettpinnen videre.',
  'Familien flytter, så vi må dessverre selge.',
  'Jeg vil bruke mer tid på et annet prosjekt.',
  'Bedriften går godt, men jeg har nådd pensjonsalder.',
];

export const firstNames = ['Kari', 'Ola', 'Ingrid', 'Lars', 'Nora', 'Anders', 'Sofie', 'Magnus', 'Emma', 'Jonas', 'Sara', 'Henrik', 'Maja', 'Erik', 'Ida', 'Sander'];
export const lastNames = ['Hansen', 'Johansen', 'Olsen', 'Larsen', 'Andersen', 'Pedersen', 'Nilsen', 'Kristiansen', 'Jensen', 'Karlsen', 'Berg', 'Haugen', 'Dahl', 'Lund'];

export const messageTexts = [
  'Hei! Er virksomheten fortsatt til salgs?',
  'Ja, den er fortsatt til salgs. Hva lurer du på?',
  'Kan du sende meg regnskapet for de tre siste årene?',
  'Det kan jeg. Skal vi ta en prat på telefon først?',
  'Gjerne, passer det på torsdag ettermiddag?',
  'Torsdag passer fint. Jeg ringer deg klokken tre.',
];
