/** The longest page address kept to return to after signing in: a listing with its query fits well. */
export const MAX_RETURN_PATH = 300;

/**
 * Where to go back to after sign-up, confirmation or login: a path on this site only. Anything that
 * could leave it is refused — '//evil.example' and '/\evil.example' (browsers read both as another
 * host), 'https://…', 'javascript:…', a backslash or control character anywhere — and so are the
 * sign-in pages themselves, which would only loop. null: go to the default page instead.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_RETURN_PATH) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  if (value === '/auth' || value.startsWith('/auth?') || value.startsWith('/auth/')) return null;
  return value;
}
