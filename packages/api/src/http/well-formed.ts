/**
 * An unpaired UTF-16 surrogate (a lone '\ud800'): JSON can carry one as an escape, but it is no
 * character at all. UTF-8 cannot hold it, so mysql2 writes U+FFFD in a text column and MySQL's
 * JSON check refuses the whole row (a 500 for a saved search's filters).
 */
const UNPAIRED_SURROGATE = /\p{Cs}/u;

/**
 * Whether every string in a parsed JSON value (keys too) is well-formed Unicode. A stack, not
 * recursion: a 1 MB body can nest arrays half a million deep, far past the call stack.
 */
export function isWellFormedInput(input: unknown): boolean {
  const pending: unknown[] = [input];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (UNPAIRED_SURROGATE.test(value)) return false;
    } else if (Array.isArray(value)) {
      // One by one: spreading half a million elements into push() overflows the stack as well.
      for (const item of value as unknown[]) pending.push(item);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (UNPAIRED_SURROGATE.test(key)) return false;
        pending.push(inner);
      }
    }
  }
  return true;
}
