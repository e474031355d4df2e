/** How a user is shown when only the e-mail is known: the part before '@'. */
export function displayNameFromEmail(email: string | null | undefined): string {
  if (!email) return '';
  return email.split('@')[0] ?? '';
}

/** The avatar shows the e-mail's first two letters in capitals, or 'U' without one. */
export function avatarInitials(email: string | null | undefined): string {
  if (!email) return 'U';
  return email.slice(0, 2).toUpperCase();
}
