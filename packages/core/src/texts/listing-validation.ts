/** Listing validation messages (docs/product.md, 'Listing wizard'); "ours" as in nb.ts. */
export const listing = {
  titleMin: 'Tittelen må være minst 5 tegn',
  titleMax: 'Tittelen må være maksimalt 100 tegn',
  industry: 'Velg bransje',
  location: 'Sted er påkrevd',
  locationMax: 'Sted kan være maksimalt 100 tegn', // ours
  descriptionMin: 'Beskrivelsen må være minst 50 tegn',
  descriptionMax: 'Beskrivelsen må være maksimalt 2000 tegn',
  percent: 'Oppgi en prosent mellom 0 og 100', // ours
  growth: 'Oppgi en vekst i prosent', // ours
  integer: 'Oppgi et helt tall', // ours
  number: 'Oppgi et tall', // ours
  established: 'Oppgi et gyldig årstall', // ours
  textMax: 'Teksten kan være maksimalt 2000 tegn', // ours
  commentMax: 'Kommentaren kan være maksimalt 1000 tegn', // ours
  imageRequired: 'Last opp minst ett bilde',
  tooManyImages: 'Du kan laste opp maksimalt 5 bilder',
} as const;
