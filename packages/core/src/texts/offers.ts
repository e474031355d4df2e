import { DECLINE_REASON_MAX, OFFER_DAYS_MAX, OFFER_MESSAGE_MAX } from '../offer/enums';
import { letter } from './mail';

/** 'Gi bud' and the negotiation that follows: the form, the answers and their refusals. */
export const offerTexts = {
  open: 'Gi bud',
  title: 'Gi bud',
  counterTitle: 'Motbud',
  description: (title: string) => `På «${title}». Budet er ikke bindende før dere signerer en kjøpsavtale.`, // ours
  loginText: 'Du må være innlogget for å gi bud.', // ours
  price: 'Pris (kr)',
  priceRequired: 'Skriv inn beløpet du byr, i hele kroner', // ours
  priceTooLow: 'Budet må være minst 10 000 kr', // ours
  priceTooHigh: 'Budet kan ikke være mer enn 10 000 000 000 kr', // ours
  dealType: 'Hva kjøpes',
  dealTypeRequired: 'Velg om du kjøper aksjer eller innmat', // ours
  financing: 'Finansiering',
  financingRequired: 'Velg minst én finansiering', // ours
  conditions: 'Forbehold',
  takeoverDate: 'Ønsket overtakelse',
  takeoverInvalid: 'Overtakelsen må være en dato fra i dag og innen fem år', // ours
  days: 'Akseptfrist',
  daysHint: `Hvor mange dager budet står (høyst ${OFFER_DAYS_MAX})`, // ours
  daysInvalid: `Akseptfristen må være mellom 1 og ${OFFER_DAYS_MAX} dager`, // ours
  daysOption: (days: number) => (days === 1 ? '1 dag' : `${days} dager`),
  message: 'Melding (valgfritt)',
  messageTooLong: `Meldingen kan ikke være mer enn ${OFFER_MESSAGE_MAX} tegn`,
  send: 'Send bud',
  sendCounter: 'Send motbud',
  sending: 'Sender …',
  sent: 'Budet er sendt',
  counterSent: 'Motbudet er sendt', // ours
  failed: 'Kunne ikke sende budet', // ours
  // Refusals, each named for what the buyer can do about it.
  notFound: 'Fant ikke budet', // ours
  ownListing: 'Du kan ikke gi bud på din egen annonse', // ours
  notForSale: 'Annonsen er ikke til salgs, så den tar ikke imot bud', // ours
  needsAccess: 'Selgeren må gi deg tilgang før du kan gi bud på en konfidensiell annonse', // ours
  alreadyStanding: 'Du har allerede et bud som står på denne annonsen. Trekk det eller vent på svar.', // ours
  notStanding: 'Budet står ikke lenger', // ours
  notYourTurn: 'Budet venter på svar fra den andre parten', // ours
  expired: 'Akseptfristen er ute', // ours
  anotherAccepted: 'Du har allerede akseptert et bud på denne annonsen. Fjern «Under bud» hvis handelen ikke blir noe av.', // ours
  tooMany: 'Du har gitt mange bud på kort tid. Vent litt og prøv igjen.', // ours
  reasonTooLong: `Begrunnelsen kan ikke være mer enn ${DECLINE_REASON_MAX} tegn`,
  loiMissing: 'Intensjonsavtalen finnes bare for et akseptert bud', // ours
  loiFailed: 'Kunne ikke lage intensjonsavtalen. Prøv igjen.', // ours
  loiHidden: 'Intensjonsavtalen navngir selgeren, og selgeren har ikke gitt deg tilgang til annonsen nå.', // ours
} as const;

/** Why a standing offer was closed without an answer (decision 128): the thread and the buyer's mail say it. */
export const offerClosed = {
  sold: 'Annonsen er solgt', // ours
  offSale: 'Annonsen er ikke lenger til salgs', // ours
  access: 'Selgeren har trukket tilbake tilgangen din til annonsen', // ours
} as const;

/** The answers and the thread's words (seller's 'Bud', the buyer's 'Mine bud'). */
export const offerThread = {
  heading: 'Bud',
  mineHeading: 'Mine bud',
  mineEmpty: 'Du har ikke gitt noen bud ennå.', // ours
  loadFailed: 'Kunne ikke hente budene', // ours
  retry: 'Prøv igjen',
  standingNote: 'Du har et bud som står på denne annonsen.', // ours
  seeOffers: 'Se budene dine', // ours
  hint: 'Legg inn et bud med pris og vilkår. Selgeren kan akseptere, avslå eller gi motbud.', // ours
  soldTitle: 'Marker som solgt',
  sellerEmpty: 'Ingen bud på annonsene dine ennå.', // ours
  accept: 'Aksepter',
  decline: 'Avslå',
  counter: 'Motbud',
  withdraw: 'Trekk budet',
  reason: 'Begrunnelse (valgfritt)',
  declineTitle: 'Avslå budet',
  declineConfirm: 'Avslå',
  acceptTitle: 'Aksepter budet',
  acceptText: 'Annonsen merkes «Under bud», og dere får en intensjonsavtale som ikke er bindende.', // ours
  withdrawTitle: 'Trekk budet',
  withdrawText: 'Budet står ikke lenger, og den andre parten får beskjed.', // ours
  cancel: 'Avbryt',
  accepted: 'Budet er akseptert', // ours
  declined: 'Budet er avslått', // ours
  withdrawn: 'Budet er trukket', // ours
  loi: 'Last ned intensjonsavtale',
  timeline: 'Historikk',
  status: { standing: 'Står', accepted: 'Akseptert', declined: 'Avslått', withdrawn: 'Trukket', expired: 'Utløpt', closed: 'Lukket' },
  waitingForYou: 'Venter på ditt svar', // ours
  waitingForOther: 'Venter på svar', // ours
  event: {
    offer: 'Bud', counter: 'Motbud', accepted: 'Akseptert', declined: 'Avslått', withdrawn: 'Trukket', expired: 'Utløpt', closed: 'Lukket',
  },
  by: { buyer: 'Kjøper', seller: 'Selger', system: 'Fristen' },
  dealType: { shares: 'Aksjer', assets: 'Innmat' },
  financing: { equity: 'Egenkapital', loan: 'Lån', seller_credit: 'Selgerkreditt', earn_out: 'Earn-out' },
  conditions: { due_diligence: 'Due diligence', financing: 'Finansiering', landlord_consent: 'Utleiers samtykke', staff_transfer: 'Ansatte blir med' },
  noConditions: 'Ingen forbehold', // ours
  expiresAt: (date: string) => `Akseptfrist ${date}`, // ours
  takeover: (date: string) => `Overtakelse ${date}`, // ours
  reasonGiven: (reason: string) => `Begrunnelse: ${reason}`, // ours
  buyer: 'Kjøper',
  seller: (name: string) => `Selger: ${name}`, // ours
  closedBecause: (reason: string) => `Lukket fordi: ${reason}`, // ours
  listingGone: 'Annonsen er slettet', // ours
  deletedParty: 'Slettet bruker',
  offerCount: (count: number) => (count === 1 ? '1 bud' : `${count} bud`),
} as const;

/** Staff's view of a listing's offers: counts and states, no terms' messages, no names (decision 121). */
export const staffOffers = {
  title: (count: number) => (count === 0 ? 'Ingen bud' : count === 1 ? 'Bud: 1' : `Bud: ${count}`), // ours
  loadFailed: 'Kunne ikke hente budene', // ours
};

/** The mails of the thread, one kind ('offer') in the outbox. */
export const offerMail = {
  newSubject: (title: string) => `Nytt bud på «${title}»`,
  newText: (title: string, price: string, link: string) => letter([`Du har fått et bud på ${price} på «${title}».`, `Se budet og svar: ${link}`]),
  counterSubject: (title: string) => `Motbud på «${title}»`,
  counterText: (title: string, price: string, link: string) => letter([`Du har fått et motbud på ${price} på «${title}».`, `Se motbudet og svar: ${link}`]),
  acceptedSubject: (title: string) => `Budet på «${title}» er akseptert`,
  acceptedText: (title: string, price: string, link: string) => letter([`Budet på ${price} på «${title}» er akseptert. Annonsen er merket «Under bud».`, `Intensjonsavtalen (ikke bindende) kan lastes ned her: ${link}`]),
  declinedSubject: (title: string) => `Budet på «${title}» er avslått`,
  declinedText: (title: string, reason: string | null, link: string) => letter([`Budet på «${title}» er avslått.`, ...(reason ? [`Begrunnelse: ${reason}`] : []), link]),
  withdrawnSubject: (title: string) => `Budet på «${title}» er trukket`,
  withdrawnText: (title: string, link: string) => letter([`Budet på «${title}» er trukket og står ikke lenger.`, link]),
  expiredSubject: (title: string) => `Budet på «${title}» er utløpt`,
  expiredText: (title: string, link: string) => letter([`Akseptfristen for budet på «${title}» er ute, og budet står ikke lenger.`, link]),
  closedSubject: (title: string) => `Budet på «${title}» er lukket`,
  closedText: (title: string, reason: string, link: string) => letter([`Budet ditt på «${title}» står ikke lenger: ${reason.toLocaleLowerCase('nb')}.`, link]),
};

/** The Intensjonsavtale (LOI) PDF's text. */
export const loiTexts = {
  title: 'Intensjonsavtale',
  fileName: (title: string) => `Intensjonsavtale – ${title}.pdf`,
  parties: 'Partene',
  seller: (name: string) => `Selger: ${name}`,
  buyer: (name: string) => `Kjøper: ${name}`,
  company: 'Virksomheten',
  companyLine: (name: string, orgnr: string | null) => (orgnr ? `${name}, org.nr. ${orgnr}` : name),
  terms: 'Vilkår',
  price: (price: string) => `Kjøpesum: ${price}`,
  dealType: (what: string) => `Hva kjøpes: ${what}`,
  financing: (what: string) => `Finansiering: ${what}`,
  conditions: (what: string) => `Forbehold: ${what}`,
  takeover: (date: string) => `Ønsket overtakelse: ${date}`,
  noTakeover: 'Ønsket overtakelse: etter avtale',
  nonBinding: 'Ikke bindende',
  nonBindingText:
    'Denne intensjonsavtalen beskriver hva partene er enige om så langt, og er ikke bindende for noen av dem. Et kjøp er bare avtalt når partene har signert en kjøpsavtale. Hver part bærer egne kostnader til rådgivere og gjennomgang.',
  date: (date: string) => `Dato: ${date}`,
  acceptedVia: 'Budet ble akseptert på Bedriftstorget.',
  verified: 'Verifisert med Vipps',
};

/** 'Marker som solgt': the deal's final price, kept private. */
export const soldPriceTexts = {
  label: 'Endelig pris (kr, valgfritt)',
  hint: 'Vises ikke for andre. Brukes bare i Bedriftstorgets statistikk.', // ours
  invalid: 'Prisen må være et helt beløp mellom 10 000 kr og 10 000 000 000 kr', // ours
  description: (title: string) => `«${title}» merkes som solgt og tar ikke lenger imot bud. Bud som står, lukkes.`, // ours
  fromOffer: (amount: string) => `Fylt inn fra det aksepterte budet (${amount}).`, // ours
  confirm: 'Marker som solgt',
};
