import type { TRPCError } from '@trpc/server';
import { request as texts } from '@bedriftstorget/core/texts/http';
import { MAX_BATCH_CALLS } from './guard';

/** tRPC's own English refusals, by the start of their message (they carry no cause to tell them apart). */
const FRAMEWORK_BAD_REQUESTS: [RegExp, string][] = [
  [/^Batch call exceeds/, texts.batchTooLarge(MAX_BATCH_CALLS)],
  [/^("input" needs|Invalid input|Cannot mix|Batching is not|Streaming requests|Cannot batch)/, texts.invalidInput],
];

/** The Norwegian text for an error tRPC raised itself, or null for our own (already Norwegian) errors. */
export function norwegianFrameworkMessage(error: TRPCError): string | null {
  switch (error.code) {
    case 'PARSE_ERROR':
      return texts.invalidJson;
    case 'UNSUPPORTED_MEDIA_TYPE':
      return texts.unsupportedContentType;
    case 'METHOD_NOT_SUPPORTED':
      return texts.methodNotAllowed;
    case 'PAYLOAD_TOO_LARGE':
      return texts.bodyTooLarge;
    case 'NOT_FOUND':
      return error.message.startsWith('No procedure found') ? texts.unknownProcedure : null;
    case 'BAD_REQUEST':
      if (error.cause instanceof SyntaxError) return texts.invalidJson;
      return FRAMEWORK_BAD_REQUESTS.find(([pattern]) => pattern.test(error.message))?.[1] ?? null;
    default:
      return null;
  }
}

// Zod's defaults in Norwegian live in core: the wizard validates with the same messages.
export { norwegianZodDefaults } from '@bedriftstorget/core/text/zod-messages';
