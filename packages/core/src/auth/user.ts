/** How a user is shown when only the e-mail is known: the part before '@'. */
export function displayNameFromEmail(email: string | null | undefined): string {
  if (!email) return '';
  return email.split('@')[0] ?? '';
}

/**
 * The one name a person is shown by, to others and in mails: the name on the profile, else the
 * company's, else the e-mail's part before '@'. null only when nothing is known (a deleted
 * account), which the UI says as 'Ukjent bruker'.
 */
export function personDisplayName(person: { fullName?: string | null; companyName?: string | null; email?: string | null }): string | null {
  return person.fullName?.trim() || person.companyName?.trim() || displayNameFromEmail(person.email) || null;
}

/** The avatar shows the e-mail's first two letters in capitals, or 'U' without one. */
export function avatarInitials(email: string | null | undefined): string {
  if (!email) return 'U';
  return email.slice(0, 2).toUpperCase();
}
