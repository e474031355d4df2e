import { describe, expect, it } from 'vitest';
import { rememberGoogleReturn, takeGoogleReturn } from '../../packages/web/src/lib/google-return';

function memoryStore() {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), removeItem: (k: string) => void items.delete(k), items };
}

describe("Google's sign-in returns to the page it was started from", () => {
  it('remembers a path on this site and gives it back once', () => {
    const store = memoryStore();
    rememberGoogleReturn('/alle-annonser?bransje=craft', store);
    expect(takeGoogleReturn(store)).toBe('/alle-annonser?bransje=craft');
    expect(takeGoogleReturn(store)).toBeNull();
  });

  it('never remembers another site, and a start without a page forgets an older one', () => {
    const store = memoryStore();
    for (const hostile of ['//evil.example', 'https://evil.example', '/\\evil.example']) {
      rememberGoogleReturn(hostile, store);
      expect(store.items.size, hostile).toBe(0);
    }
    rememberGoogleReturn('/profil', store);
    rememberGoogleReturn(undefined, store);
    expect(takeGoogleReturn(store)).toBeNull();
    // A value written by something else is checked when read, too.
    store.setItem('google_return_path', '//evil.example');
    expect(takeGoogleReturn(store)).toBeNull();
  });
});
