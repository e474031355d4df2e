import type { HeaderReader } from './guard';

/**
 * The request headers tRPC v11 reads that can change an answer's format (its `getAcceptHeader` and
 * content-type handlers): `trpc-accept` or an `accept` naming application/jsonl turn a batch into a
 * JSONL stream, a `content-type` other than JSON picks another body parser, `last-event-id` feeds
 * subscriptions, and `trpc-batch-mode` is v10's name for streaming. Shared caches key by the URL
 * only, so a request carrying any of them must never make a shareable answer (decision 105).
 */
export const FORMAT_HEADERS = ['trpc-accept', 'accept', 'content-type', 'last-event-id', 'trpc-batch-mode'] as const;

/** Per header, the values that leave the answer plain JSON (absent always does). */
const PLAIN_JSON_VALUE: Partial<Record<(typeof FORMAT_HEADERS)[number], (value: string) => boolean>> = {
  // What browsers send by default, `application/json`: anything but a stream.
  accept: (value) => !/application\/jsonl|text\/event-stream/i.test(value),
  // tRPC reads a GET's input from the URL either way.
  'content-type': (value) => /^application\/json\s*(;|$)/i.test(value),
};

/** Whether the request asks for the plain JSON answer every visitor gets. */
export function asksPlainJson(headers: HeaderReader): boolean {
  return FORMAT_HEADERS.every((name) => {
    const value = headers.get(name);
    return value === null || (PLAIN_JSON_VALUE[name]?.(value) ?? false);
  });
}
