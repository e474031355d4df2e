/**
 * '923609016' → '923 609 016', as the registry and people write it. A module of its own, free of zod:
 * the listing page's first load shows a number to a buyer let in (decision 099) without the schemas.
 */
export function formatOrgnr(orgnr: string): string {
  return orgnr.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3');
}
