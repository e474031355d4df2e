import type { z } from 'zod';
import { request as texts } from '../texts/http';

/**
 * Zod's default message per issue kind, where a schema gives no message of its own. Shared: the
 * server configures it for every request, the wizard for its own checks, so both say the same.
 */
export function norwegianZodDefaults(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'too_big':
      return issue.origin === 'string' || issue.origin === 'array' ? texts.tooLong : texts.tooBig;
    case 'too_small':
      return issue.origin === 'string' || issue.origin === 'array' ? texts.tooShort : texts.tooSmall;
    case 'unrecognized_keys':
      return texts.unknownField;
    case 'invalid_type':
    case 'invalid_value':
    case 'invalid_format':
    case 'invalid_union':
      return texts.invalidType;
    default:
      return texts.invalidInput;
  }
}
