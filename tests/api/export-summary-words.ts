import { hasWords, isIdField } from '@bedriftstorget/core/privacy/export-summary';

/**
 * The keys of an export that oversikt.html shows without a Norwegian heading or label (decision
 * 147). The tests that build an export with a part of it (offers, Vipps, quota requests, the data
 * room, access requests) expect none, so a new field there cannot go unlabelled.
 */
export function unlabelledKeys(value: unknown, keys = new Set<string>()): string[] {
  if (Array.isArray(value)) value.forEach((item) => unlabelledKeys(item, keys));
  else if (value && typeof value === 'object' && !(value instanceof Date)) {
    for (const [key, inner] of Object.entries(value)) {
      if (isIdField(key)) continue;
      if (!hasWords(key)) keys.add(key);
      // A saved search's filters and a pending edit's fields are shown as in data.json.
      if (key !== 'filters' && key !== 'fields') unlabelledKeys(inner, keys);
    }
  }
  return [...keys];
}
