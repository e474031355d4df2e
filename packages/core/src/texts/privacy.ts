/**
 * Consent and the Personvern page (decision 089); part of the catalogue with nb.ts. The checkbox's
 * label is exact; the rest "ours". Change `consent.version` whenever the label or the page's
 * substance changes: each consent is stored with the version the person saw.
 */
export const consent = {
  // '-vipps': the page now tells what Vipps verification keeps (decision 120), the same day as the version before.
  version: '2026-11-29-vipps',
  label: 'Jeg godtar vilkårene og personvernerklæringen',
  required: 'Du må godta vilkårene og personvernerklæringen for å opprette en konto.', // ours
  readLink: 'Les vilkårene og personvernerklæringen', // ours: the link beside the checkbox
  googleTitle: 'Opprett konto med Google', // ours: /auth?mode=google, before a Google account becomes ours
  googleText: 'Du har ingen konto hos oss ennå. Godta vilkårene og personvernerklæringen, så oppretter vi kontoen når du fortsetter med Google.', // ours
} as const;

/**
 * How long an accepted Taushetserklæring is kept (decision 100): the same words on /personvern and in
 * the dialog of 'Slett konto'. Its network address is the one kept longer than 30 days, on purpose.
 */
export const NDA_RETENTION =
  'Taushetserklæringer du har godtatt (navn, e-post, versjon, tidspunkt og nettverksadresse): så lenge du har kontoen, og i to år etter at du har slettet den. De er en avtale med selgeren, og vi trenger dem for å kunne fastsette, gjøre gjeldende eller forsvare rettskrav hvis det blir tvist om den (personvernforordningen artikkel 17 nr. 3 bokstav e). Deretter sletter vi dem. Dette er det eneste stedet vi har en nettverksadresse lenger enn 30 dager.'; // ours

/**
 * What 'Verifisert med Vipps' keeps and why (decision 120): the same words on /personvern and in the
 * export's explanation. Never the national identity number or the birth date.
 */
export const VIPPS_KEPT =
  'Når du logger inn eller verifiserer deg med Vipps: navnet og telefonnummeret Vipps har bekreftet (med BankID), når du ble verifisert, og en kode Vipps gir oss for deg, så vi kjenner deg igjen neste gang du logger inn. Fødselsnummeret og fødselsdatoen ber vi aldri om. Vi lagrer dette for å kunne vise merket «Verifisert med Vipps» ved navnet ditt, slik at kjøpere og selgere vet at navnet er sjekket, og for at du skal kunne logge inn med Vipps.'; // ours

/** How long the Vipps verification is kept (decision 120). */
export const VIPPS_HOW_LONG =
  'Opplysningene fra Vipps: så lenge du har kontoen. Endrer du navnet, fjerner vi merket til du verifiserer deg igjen, men beholder koden til innloggingen. Sletter du kontoen, sletter vi alt vi har fått fra Vipps. Logger du inn med Vipps med e-postadressen til en konto du allerede har, venter opplysningene til du har bekreftet at kontoen er din, med passordet eller lenken vi sender deg – høyst en time, så sletter vi dem.'; // ours

/** The Personvern page (/personvern): what is stored, why, how long, the user's rights, whom to ask. */
export const privacyPage = {
  title: 'Personvern og vilkår', // ours
  intro: 'Her står hvilke opplysninger Bedriftstorget lagrer om deg, hvorfor, hvor lenge, og hvilke rettigheter du har.', // ours
  storedTitle: 'Hva vi lagrer', // ours
  stored: [
    'Kontoen din: e-postadresse, passord (bare som en sikker hash) eller at du logger inn med Google eller Vipps, og når du godtok vilkårene.',
    VIPPS_KEPT,
    'Profilen din: navn, telefon og firmaopplysninger du selv fyller inn.',
    'Annonser, bilder, meldinger, henvendelser, lagrede annonser og lagrede søk du lager.',
    'Rapporter og verdivurderinger du sender oss.',
    'En informasjonskapsel for innloggingen, og nettverksadressen din i tellingen av visninger og i vernet mot misbruk.',
    'Når du ber om tilgang til en annonse: at du godtok taushetserklæringen, hvilken versjon, når, fra hvilken nettverksadresse, og navnet og e-postadressen du brukte.',
  ], // ours
  whyTitle: 'Hvorfor', // ours
  why: 'For å drive markedsplassen: vise annonser, formidle kontakt mellom kjøper og selger, sende e-postene du har bedt om, og verne tjenesten mot misbruk. Vi selger aldri opplysninger til andre.', // ours
  howLongTitle: 'Hvor lenge', // ours
  howLong: [
    'Konto, profil, annonser og meldinger: så lenge du har kontoen.',
    'Nettverksadresser i visningstellingen: høyst 30 dager. I vernet mot misbruk: høyst ett døgn.',
    'Engangslenker i e-post (bekreftelse og nytt passord): slettes når de er brukt eller utløpt.',
    'Innlogginger: slettes når de utløper, etter 30 dager uten bruk.',
    VIPPS_HOW_LONG,
    'Sendte e-poster i utboksen: 30 dager.',
    NDA_RETENTION,
  ], // ours
  rightsTitle: 'Dine rettigheter', // ours
  rights: [
    'Innsyn: du kan se alt vi har om deg med «Last ned mine data» under Min profil.',
    'Retting: du kan endre profilen og annonsene dine selv, eller be oss rette.',
    'Sletting: du kan be oss slette kontoen og opplysningene dine. Godkjente taushetserklæringer tar vi likevel vare på i to år etter slettingen, som beskrevet over.',
    'Dataportabilitet: «Last ned mine data» gir deg opplysningene i en maskinlesbar fil (JSON), med en lesbar oversikt ved siden av.',
    'Klage: du kan klage til Datatilsynet (datatilsynet.no) hvis du mener vi behandler opplysningene dine feil.',
  ], // ours
  contactTitle: 'Kontakt', // ours
  contact: 'Spørsmål om personvern, eller vil du bruke rettighetene dine? Skriv til', // ours: the configured address follows
  termsTitle: 'Vilkår', // ours
  terms: 'Annonser må gjelde reelle virksomheter og gi korrekte opplysninger. Vi kan avvise eller fjerne annonser som bryter vilkårene. Du er selv ansvarlig for det du skriver i annonser og meldinger.', // ours
} as const;
