import type { Industry, ListingStatus } from '@bedriftstorget/core/listing/listing.sql';

export interface SeedListing {
  title: string;
  industry: Industry;
  location: string;
  description: string;
  price: number | null;
  revenue: number | null;
  profit: number | null;
  employees: number | null;
  established: number | null;
  status: ListingStatus;
  /** Hours before the seed runs. */
  ageHours: number;
  views: number;
  leadsCount: number;
  images: number;
  companyForm?: 'as' | 'asa' | 'ans' | 'enk' | 'other';
  equityPercent?: number;
  premisesSize?: number;
  ownPremises?: boolean;
  includedInSale?: string[];
  ownerComment?: string;
  featured?: boolean;
}

/** The six sample listings of the earlier landing page, now real rows of a fresh install. */
export const sampleListings: SeedListing[] = [
  {
    title: 'Etablert kafé i Bergen sentrum',
    industry: 'restaurant', location: 'Bergen',
    description: 'Kafé med lønnsom lunsjdrift midt i Bergen, klar for ny eier.\n\nPopulær kafé med 40 sitteplasser og uteservering ved Torgallmenningen. Faste stamkunder, godt rykte og en lønnsom lunsjforretning. Moderne kjøkken med nytt utstyr fra 2022.',
    price: 2_450_000, revenue: 4_800_000, profit: 620_000, employees: 6, established: 2012, status: 'active',
    ageHours: 10, views: 142, leadsCount: 4, images: 5, companyForm: 'as', equityPercent: 100, premisesSize: 120, ownPremises: false,
    includedInSale: ['Inventar', 'Leieavtale', 'Merkevare', 'Opplæring'],
    ownerComment: 'Jeg har drevet kafeen i tolv år og ønsker nå å gi stafettpinnen videre til noen som vil ta den videre.', featured: true,
  },
  {
    title: 'Lønnsom IT-konsulentvirksomhet med faste avtaler',
    industry: 'tech', location: 'Oslo',
    description: 'Lønnsomt konsulentselskap i Oslo med gjentakende inntekter.\n\nKonsulentselskap innen skyløsninger og drift med langsiktige rammeavtaler i offentlig og privat sektor. Høy andel gjentakende inntekter og erfarne ansatte som blir med videre.',
    price: 8_500_000, revenue: 14_200_000, profit: 2_100_000, employees: 11, established: 2009, status: 'active',
    ageHours: 30, views: 96, leadsCount: 2, images: 3, companyForm: 'as', equityPercent: 100,
    includedInSale: ['Kundeportefølje', 'Leverandøravtaler', 'Merkevare'],
    ownerComment: 'Selskapet går godt, men jeg vil bruke mer tid på familien.',
  },
  {
    title: 'Cateringfirma med faste bedriftskunder',
    industry: 'restaurant', location: 'Trondheim',
    description: 'Catering med 80 faste bedriftskunder og eget produksjonskjøkken.\n\nCatering til bedrifter, konferanser og private selskaper. Godt innarbeidet kundeportefølje med over 80 faste bedriftskunder og eget produksjonskjøkken på 200 kvadratmeter.',
    price: 3_200_000, revenue: 6_100_000, profit: 780_000, employees: 8, established: 2015, status: 'active',
    ageHours: 5 * 24, views: 61, leadsCount: 1, images: 4, companyForm: 'as', equityPercent: 100, premisesSize: 200,
    includedInSale: ['Inventar', 'Kundeportefølje', 'Varelager'],
  },
  {
    title: 'Nettbutikk for friluftsutstyr',
    industry: 'ecommerce', location: 'Stavanger',
    description: 'Nettbutikk med eget varemerke og 15 000 kunder.\n\nVeletablert nettbutikk med eget varemerke innen friluftsutstyr. Over 15 000 kunder i registeret, sterk organisk trafikk og avtaler med nordiske leverandører.',
    price: 1_850_000, revenue: 5_300_000, profit: 410_000, employees: 3, established: 2017, status: 'active',
    ageHours: 9 * 24, views: 205, leadsCount: 5, images: 2, companyForm: 'as', equityPercent: 100,
    includedInSale: ['Varelager', 'Merkevare', 'Leverandøravtaler', 'Kundeportefølje'],
  },
  {
    title: 'Rørleggerfirma med 30 års historie',
    industry: 'craft', location: 'Kristiansand',
    description: 'Rørleggerbedrift på Sørlandet med trygg ordrebok; eieren går av med pensjon.\n\nSolid rørleggerbedrift med servicebiler, verksted og lager. Oppdrag fra borettslag, næringskunder og private. Eier går av med pensjon og ønsker en ryddig overdragelse.',
    price: 4_100_000, revenue: 9_700_000, profit: 1_150_000, employees: 9, established: 1994, status: 'active',
    ageHours: 40 * 24, views: 88, leadsCount: 3, images: 3, companyForm: 'as', equityPercent: 100, ownPremises: true, premisesSize: 350,
    includedInSale: ['Inventar', 'Varelager', 'Kundeportefølje', 'Opplæring'],
  },
  {
    title: 'Treningssenter med 600 medlemmer',
    industry: 'fitness', location: 'Tromsø',
    description: 'Treningssenter i Tromsø med 600 medlemmer på løpende avtaler.\n\nModerne treningssenter med gruppesaler, styrkeavdeling og 600 aktive medlemmer på løpende avtaler. Nylig oppgradert utstyr og lang leieavtale i sentrum.',
    price: 2_900_000, revenue: 5_600_000, profit: 540_000, employees: 7, established: 2016, status: 'sold',
    ageHours: 60 * 24, views: 310, leadsCount: 9, images: 3, companyForm: 'as', equityPercent: 100, premisesSize: 900,
    includedInSale: ['Inventar', 'Leieavtale', 'Kundeportefølje', 'Merkevare'],
  },
];

/** Towns across Norway; (i × 5) mod 12 gives each template (i mod 14) a different town each round, so titles never repeat. */
const locations = ['Oslo', 'Bergen', 'Trondheim', 'Stavanger', 'Kristiansand', 'Tromsø', 'Ålesund', 'Bodø', 'Drammen', 'Hamar', 'Fredrikstad', 'Alta'] as const;
const names = ['Fjordlys', 'Nordvik', 'Solberg', 'Elvheim', 'Skoglund', 'Kystnes', 'Fjellstad', 'Havdal', 'Bjørkhaug', 'Furulund', 'Strandvik', 'Holmen'];
/** A second sentence per listing, so no two descriptions are the same. */
const details = [
  'Driften er godt dokumentert, og rutinene er enkle å overta.',
  'Lokalene er nylig pusset opp og leies på en lang kontrakt.',
  'Virksomheten er lønnsom og har hatt vekst hvert av de siste tre årene.',
  'Eieren blir gjerne med i en overgangsperiode.',
  'Kundene er lojale, og mange har vært med fra starten.',
  'Det er rom for å vokse med nye tjenester og salg på nett.',
  'Alt utstyr er eid av selskapet og følger med i salget.',
];

const templates: { industry: Industry; title: string; description: string }[] = [
  { industry: 'restaurant', title: 'Sushirestaurant i {sted}', description: 'Sushirestaurant med take-away og levering gjennom de store plattformene. Stabil omsetning, lojale kunder og et trent personale som ønsker å fortsette.' },
  { industry: 'restaurant', title: 'Bakeri og konditori i {sted}', description: 'Tradisjonsrikt bakeri med eget konditori, to utsalgssteder og leveranser til lokale kafeer og butikker. Ovner og utstyr er godt vedlikeholdt.' },
  { industry: 'tech', title: 'SaaS-selskap for timeføring', description: 'Skybasert programvare for timeføring og prosjektstyring med over 400 betalende bedriftskunder. Månedlige abonnementer gir forutsigbare inntekter.' },
  { industry: 'tech', title: 'Webbyrå med fokus på netthandel', description: 'Webbyrå som utvikler og drifter nettbutikker for små og mellomstore bedrifter. Serviceavtaler med faste kunder og et kompetent team.' },
  { industry: 'craft', title: 'Elektrikerbedrift i {sted}', description: 'Elektrikerbedrift med oppdrag innen bolig, næring og smarthus. Godkjent lærebedrift med gode rutiner, servicebiler og fullt utstyrt verksted.' },
  { industry: 'craft', title: 'Snekkerverksted med egen produksjon', description: 'Snekkerverksted som lager skreddersydde kjøkken og innredninger. Moderne maskinpark, fast kundegrunnlag og gode leverandøravtaler.' },
  { industry: 'services', title: 'Regnskapsbyrå med 120 klienter', description: 'Autorisert regnskapsbyrå med et bredt spekter av små og mellomstore klienter. Digitale arbeidsprosesser og høy kundetilfredshet over mange år.' },
  { industry: 'services', title: 'Renholdsbyrå i {sted}', description: 'Renholdsbyrå med faste kontrakter innen kontor, borettslag og butikker. Godkjent renholdsvirksomhet med stabile ansatte og gode rutiner.' },
  { industry: 'fitness', title: 'Yogastudio med nettkurs', description: 'Yogastudio med faste timer, workshops og en voksende nettplattform med betalende abonnenter. Et sterkt fellesskap og gode anmeldelser.' },
  { industry: 'fitness', title: 'Fysioterapiklinikk i {sted}', description: 'Fysioterapiklinikk med driftstilskudd, fire behandlingsrom og treningssal. Lang venteliste og godt samarbeid med fastleger i området.' },
  { industry: 'ecommerce', title: 'Nettbutikk for barneklær', description: 'Nettbutikk med bærekraftige barneklær fra nordiske merker. Effektiv logistikk, lojal kundebase og sterk tilstedeværelse i sosiale medier.' },
  { industry: 'ecommerce', title: 'Nettbutikk for kaffe og te', description: 'Nettbutikk med egenbrent kaffe og utvalgte teer, med abonnementsordning som gir faste månedlige inntekter og høy gjenkjøpsrate.' },
  { industry: 'retail', title: 'Blomsterbutikk i {sted}', description: 'Blomsterbutikk med sentral beliggenhet, bryllups- og begravelsesoppdrag og avtaler med bedrifter om faste leveranser hver uke.' },
  { industry: 'retail', title: 'Sportsbutikk med verksted', description: 'Sportsbutikk med sykkelverksted og skiservice. Kjent merkevare lokalt, gode leverandøravtaler og sesongvariasjon som er godt planlagt.' },
];

/** A deterministic spread of listings so browse, filters, sorts and badges have something to show. */
export function generatedListings(): SeedListing[] {
  const statuses: ListingStatus[] = ['active', 'active', 'active', 'active', 'active', 'active', 'sold', 'pending', 'active', 'active', 'active', 'archived'];
  const result: SeedListing[] = [];
  for (let i = 0; i < 36; i += 1) {
    const template = templates[i % templates.length]!;
    const location = locations[(i * 5) % locations.length]!;
    const revenue = 1_500_000 + ((i * 7_919) % 60) * 250_000;
    const profit = Math.round(revenue * (0.06 + ((i * 13) % 10) / 100));
    result.push({
      title: template.title.includes('{sted}') ? template.title.replace('{sted}', location) : `${template.title} i ${location}`,
      industry: template.industry,
      location,
      // A lead of its own (the card and the top of the page), then the template and one more sentence.
      description: `${names[i % names.length]} i ${location} er etablert i ${1985 + ((i * 7) % 38)} og har ${1 + ((i * 3) % 25) === 1 ? 'én ansatt' : `${1 + ((i * 3) % 25)} ansatte`}.\n\n${template.description} ${details[i % details.length]}`,
      price: i % 9 === 4 ? null : Math.round(profit * (2.5 + (i % 4) * 0.5) / 10_000) * 10_000,
      revenue: i % 11 === 7 ? null : revenue,
      profit: i % 11 === 7 ? null : profit,
      employees: 1 + ((i * 3) % 25),
      established: 1985 + ((i * 7) % 38),
      status: statuses[i % statuses.length]!,
      // Pending ones are hours old, so a fresh install shows a review queue before, near and past the 24-hour limit.
      ageHours: statuses[i % statuses.length] === 'pending' ? [3, 21, 27][Math.floor(i / statuses.length) % 3]! : 2 + ((i * 37) % 24) * 8 + (i % 5) * 24 * 7,
      // A listing never published has never been viewed.
      views: statuses[i % statuses.length] === 'pending' ? 0 : (i * 23) % 160,
      // Nor asked about.
      leadsCount: statuses[i % statuses.length] === 'pending' ? 0 : (i * 7) % 5,
      images: 1 + (i % 3),
      companyForm: i % 4 === 0 ? 'enk' : 'as',
      equityPercent: 100,
      includedInSale: ['Inventar', 'Kundeportefølje'],
    });
  }
  return result;
}
