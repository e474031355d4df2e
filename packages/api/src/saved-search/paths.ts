/**
 * The one-click unsubscribe address of the List-Unsubscribe header (RFC 8058). Under /trpc so the
 * CloudFront router sends it to the API function as it does tRPC; it is not a tRPC procedure
 * because mail programs POST a form body ('List-Unsubscribe=One-Click') from no origin.
 */
export const UNSUBSCRIBE_PATH = '/trpc/varsel-av';
