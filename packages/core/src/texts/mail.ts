/**
 * The frame every mail's text shares: the same greeting first and the same sign-off last, each
 * on its own paragraph (the account, listing, message and lifecycle mails write these out; the
 * alert mail builds on this). Part of the catalogue.
 */
export const mailFrame = {
  greeting: 'Hei!',
  signOff: 'Hilsen Bedriftstorget',
} as const;

/** A mail's text: greeting, the paragraphs (each already joined by single newlines), sign-off. */
export function letter(paragraphs: string[]): string {
  return [mailFrame.greeting, ...paragraphs, mailFrame.signOff].join('\n\n');
}
