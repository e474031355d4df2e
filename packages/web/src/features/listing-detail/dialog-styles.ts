/** A text field in the listing page's dialogs ('Send forespørsel', 'Be om tilgang'). */
export const dialogInputClass = 'mt-1.5 w-full rounded-lg border border-slate-300 px-3 py-2 outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100';
