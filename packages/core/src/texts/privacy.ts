/**
 * Consent and the Personvern page (decision 089); part of the catalogue with nb.ts. The checkbox's
 * label is exact; the rest "ours". Change `consent.version` whenever the label or the page's
 * substance changes: each consent is stored with the version the person saw.
 */
export const consent = {
  version: '2026-11-26',
  label: 'Jeg godtar vilkårene og personvernerklæringen',
  required: 'Du må godta vilkårene og personvernerklæringen for å opprette en konto.', // ours
  readLink: 'Les vilkårene og personvernerklæringen', // ours: the link beside the checkbox
  googleTitle: 'Opprett konto med Google', // ours: /auth?mode=google, before a Google account becomes ours
  googleText: 'Du har ingen konto hos oss ennå. Godta vilkårene og personvernerklæringen, så oppretter vi kontoen når du fortsetter med Google.', // ours
} as const;

/** The Personvern page (/personvern): what is stored, why, how long, the user's rights, whom to ask. */
export const privacyPage = {
  title: 'Personvern og vilkår', // ours
  intro: 'Her står hvilke opplysninger Bedriftstorget lagrer om deg, hvorfor, hvor lenge, og hvilke rettigheter du har.', // ours
  storedTitle: 'Hva vi lagrer', // ours
  stored: [
    'Kontoen din: e-postadresse, passord (bare som en sikker hash) eller at du logger inn med Google, og når du godtok vilkårene.',
    'Profilen din: navn, telefon og firmaopplysninger du selv fyller inn.',
    'Annonser, bilder, meldinger, henvendelser, lagrede annonser og lagrede søk du lager.',
    'Rapporter og verdivurderinger du sender oss.',
    'En informasjonskapsel for innloggingen, og nettverksadressen din i tellingen av visninger og i vernet mot misbruk.',
  ], // ours
  whyTitle: 'Hvorfor', // ours
  why: 'For å drive markedsplassen: vise annonser, formidle kontakt mellom kjøper og selger, sende e-postene du har bedt om, og verne tjenesten mot misbruk. Vi selger aldri opplysninger til andre.', // ours
  howLongTitle: 'Hvor lenge', // ours
  howLong: [
    'Konto, profil, annonser og meldinger: så lenge du har kontoen.',
    'Nettverksadresser i visningstellingen: høyst 30 dager. I vernet mot misbruk: høyst ett døgn.',
    'Engangslenker i e-post (bekreftelse og nytt passord): slettes når de er brukt eller utløpt.',
    'Innlogginger: slettes når de utløper, etter 30 dager uten bruk.',
    'Sendte e-poster i utboksen: 30 dager.',
  ], // ours
  rightsTitle: 'Dine rettigheter', // ours
  rights: [
    'Innsyn: du kan se alt vi har om deg med «Last ned mine data» under Min profil.',
    'Retting: du kan endre profilen og annonsene dine selv, eller be oss rette.',
    'Sletting: du kan be oss slette kontoen og opplysningene dine.',
    'Dataportabilitet: «Last ned mine data» gir deg opplysningene i en maskinlesbar fil (JSON).',
    'Klage: du kan klage til Datatilsynet (datatilsynet.no) hvis du mener vi behandler opplysningene dine feil.',
  ], // ours
  contactTitle: 'Kontakt', // ours
  contact: 'Spørsmål om personvern, eller vil du bruke rettighetene dine? Skriv til', // ours: the configured address follows
  termsTitle: 'Vilkår', // ours
  terms: 'Annonser må gjelde reelle virksomheter og gi korrekte opplysninger. Vi kan avvise eller fjerne annonser som bryter vilkårene. Du er selv ansvarlig for det du skriver i annonser og meldinger.', // ours
} as const;
