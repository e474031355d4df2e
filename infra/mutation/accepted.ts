/**
 * Surviving mutants looked at and accepted (docs/decisions/076): the same file, mutator, original code and replacement (not
 * the line, which moves with every edit). Each says why no test can or should tell the mutant apart.
 */
export const ACCEPTED: { file: string; mutator: string; original: string; replacement: string; why: string }[] = [
  {
    file: 'packages/core/src/text/clean.ts', mutator: 'ArrayDeclaration', original: '[...text]', replacement: '[]',
    why: 'The fallback for a runtime without Intl.Segmenter; Node 20 and every browser the app supports have it, so no test can run it.',
  },
  {
    file: 'packages/core/src/text/clean.ts', mutator: 'ConditionalExpression', original: '!graphemes', replacement: 'false',
    why: 'Equivalent wherever Intl.Segmenter exists (the same fallback as above).',
  },
  {
    file: 'packages/api/src/http/guard.ts', mutator: 'BlockStatement', original: '{\n    return false;\n  }', replacement: '{}',
    why: 'Equivalent: the empty catch returns undefined, which its one caller reads as false (`!decodesAsUri`).',
  },
  {
    file: 'packages/api/src/http/guard.ts', mutator: 'MethodExpression', original: 'pathname.slice(endpoint.length + 1)', replacement: 'pathname',
    why: 'Equivalent: counting the calls counts commas, and the endpoint has none; an empty rest (0 calls, or 1 unsliced) is under the cap either way.',
  },
  {
    file: 'packages/api/src/http/guard.ts', mutator: 'ArithmeticOperator', original: 'endpoint.length + 1', replacement: 'endpoint.length - 1',
    why: 'Equivalent for the same reason: two more characters of the endpoint add no comma.',
  },
  {
    file: 'packages/api/src/http/guard.ts', mutator: 'StringLiteral', original: "'0'", replacement: '""',
    why: "Equivalent: Number('') is 0, as Number('0') is, for a request without Content-Length.",
  },
  {
    file: 'packages/api/src/auth/tokens.ts', mutator: 'ConditionalExpression', original: 'earlier.length > 0', replacement: 'true',
    why: 'Equivalent: with no earlier token the UPDATE matches no row (drizzle writes an empty IN as false); the check only saves a round trip.',
  },
  {
    file: 'packages/api/src/auth/tokens.ts', mutator: 'EqualityOperator', original: 'earlier.length > 0', replacement: 'earlier.length >= 0',
    why: 'Equivalent, as above.',
  },
  {
    file: 'packages/api/src/listing/views.ts', mutator: 'MethodExpression', original: 'new Date().toISOString().slice(0, 10)', replacement: 'new Date().toISOString()',
    why: 'Equivalent in the database: the DATE column keeps the day of the full timestamp, and INSERT IGNORE makes the truncation a warning.',
  },
  {
    file: 'packages/api/src/listing/views.ts', mutator: 'ConditionalExpression', original: '!old?.n', replacement: 'false',
    why: 'Equivalent: with no old rows the UPDATE and DELETE touch nothing and 0 is returned anyway; the check saves two statements.',
  },
  {
    file: 'packages/api/src/listing/views.ts', mutator: 'OptionalChaining', original: 'old?.n', replacement: 'old.n',
    why: 'Equivalent: SELECT COUNT(*) always returns one row.',
  },
  {
    file: 'packages/api/src/listing/detail.ts', mutator: 'ConditionalExpression', original: '!seller', replacement: 'false',
    why: 'Unreachable: listings.owner_id references users with ON DELETE CASCADE, so a readable listing always has its seller.',
  },
  {
    file: 'packages/api/src/trpc.ts', mutator: 'OptionalChaining', original: 'result.error.cause.issues[0]?.message', replacement: 'result.error.cause.issues[0].message',
    why: 'Equivalent: a ZodError always has at least one issue.',
  },
  {
    file: 'packages/api/src/trpc.ts', mutator: 'ConditionalExpression', original: '!result.ok', replacement: 'true',
    why: 'Equivalent: tRPC reads `error` only from a failed result; on a successful one asUnavailable(undefined) is ignored.',
  },
  {
    file: 'packages/api/src/trpc.ts', mutator: 'ObjectLiteral', original: '{ ctx: { ...ctx, user: ctx.user, session: ctx.session } }', replacement: '{}',
    why: 'Equivalent at run time: next() keeps the context it was given; the object only narrows the types (user and session not null) for the procedures.',
  },
  {
    file: 'packages/api/src/trpc.ts', mutator: 'ObjectLiteral', original: '{ ...ctx, user: ctx.user, session: ctx.session }', replacement: '{}',
    why: 'Equivalent at run time, as above: tRPC merges the given context into the current one.',
  },
  {
    file: 'packages/core/src/text/clean.ts', mutator: 'ObjectLiteral', original: '{ message: minMessage }', replacement: '{}',
    why: "Equivalent: z.string({ error: minMessage }) already words every issue of the field that has no message of its own, the refine's included.",
  },
  {
    file: 'packages/api/src/http/well-formed.ts', mutator: 'ConditionalExpression', original: 'Array.isArray(value)', replacement: 'false',
    why: 'Equivalent in its answer: an array then takes the object branch, whose index keys hold no surrogate; the array branch only spares building the entries of a half-million-element body.',
  },
  {
    file: 'packages/api/src/seller/revisions.ts', mutator: 'ArrayDeclaration', original: '[]', replacement: '["Stryker was here"]',
    why: "Equivalent: the no-revision fallbacks (saveRevision's earlier images, discardRevision's answer) only feed the lists of known images; a string there has no id and no storage key, so it matches no reference and names no object to delete.",
  },
  {
    file: 'packages/api/src/auth/rate-limit.ts', mutator: 'OptionalChaining', original: 'row?.hits', replacement: 'row.hits',
    why: 'Equivalent: the row was upserted by the statement before, so the SELECT always finds it.',
  },
  {
    file: 'packages/api/src/auth/rate-limit-batch.ts', mutator: 'MethodExpression', original: "counted.filter((c) => c.kind === 'counter')", replacement: 'counted',
    why: "Equivalent in refuseIfOver: item limits then also look up their window's prefix as a counter key, which no row has, and their value is read from itemCounts whatever the map holds. (The same code in lockOrder is killed by the one-hit-per-row test: an item row counted twice.)",
  },
  {
    file: 'packages/api/src/auth/rate-limit-batch.ts', mutator: 'ConditionalExpression', original: "c.kind === 'counter'", replacement: 'true',
    why: 'Equivalent in refuseIfOver, as above (the filter keeping every limit).',
  },
  {
    file: 'packages/api/src/auth/rate-limit-batch.ts', mutator: 'MethodExpression', original: "counted.filter((c) => c.kind === 'perItem')", replacement: 'counted',
    why: "Equivalent in refuseIfOver: counters then also get an item count, which is never read (a counter's value comes from its hits), and items.indexOf still finds each item's own count. (The same code in lockOrder is killed: a counter counted twice.)",
  },
  {
    file: 'packages/api/src/auth/rate-limit-batch.ts', mutator: 'ConditionalExpression', original: "c.kind === 'perItem'", replacement: 'true',
    why: 'Equivalent in refuseIfOver, as above (the filter keeping every limit).',
  },
  {
    file: 'packages/api/src/auth/rate-limit-batch.ts', mutator: 'ArrayDeclaration', original: '[]', replacement: '["Stryker was here"]',
    why: 'Equivalent: the fallback rows when a call has no counters, so the map built from them is never asked (only counters read it); a string row only adds an undefined key.',
  },
  {
    file: 'packages/api/src/auth/rate-limit-batch.ts', mutator: 'OptionalChaining', original: 'itemCounts[items.indexOf(c)]?.[0]?.n', replacement: 'itemCounts[items.indexOf(c)]?.[0].n',
    why: 'Equivalent: SELECT COUNT(*) always returns one row.',
  },
  {
    file: 'packages/api/src/auth/rate-limit-batch.ts', mutator: 'OptionalChaining', original: 'itemCounts[items.indexOf(c)]?.[0]', replacement: 'itemCounts[items.indexOf(c)][0]',
    why: 'Equivalent: items is filtered from the same list, so each item limit finds its own index and a count was asked for it.',
  },
  {
    file: 'packages/api/src/http/cache-policy.ts', mutator: 'StringLiteral', original: "''", replacement: '"Stryker was here!"',
    why: "Equivalent: String.split always gives a first element, so the name's default is never used; a directive without '=' is read as Number('') = 0 or, mutated, NaN, and both are 'no lifetime' (s-maxage) or 'no stale time'.",
  },
  {
    file: 'packages/api/src/http/cache-policy.ts', mutator: 'EqualityOperator', original: 'stale > 0', replacement: 'stale >= 0',
    why: 'Equivalent: a stale-while-revalidate of 0 gives a stale time of 0 either way.',
  },
  {
    file: 'packages/api/src/access/answer.ts', mutator: 'StringLiteral', original: "''", replacement: '"Stryker was here!"',
    why: "Unreachable: a kept record's nda_email is filled at the deletion (COALESCE with the account's address), and users.email is NOT NULL on the inner join; the fallbacks only satisfy the types.",
  },
  {
    file: 'packages/api/src/access/answer.ts', mutator: 'ObjectLiteral', original: '{ ...row, changed: false, mailId: null }', replacement: '{}',
    why: 'Equivalent: the caller reads only `changed`, `mailId` and `buyerId`, and only when `changed` is true; undefined is as false. (`changed: true` there is killed: a repeated answer must tell nobody.)',
  },
  {
    file: 'packages/api/src/access/reopen.ts', mutator: 'ObjectLiteral', original: '{ ...row, changed: false, mailId: null }', replacement: '{}',
    why: 'Equivalent, as in answer.ts: a double click returns before anything is read from the object.',
  },
  {
    file: 'packages/api/src/access/request.ts', mutator: 'ConditionalExpression', original: '!to', replacement: 'false',
    why: "Unreachable: a requestable listing is public, and a deleted account's listings are deleted with it (privacy/delete.ts), so its owner always has an address.",
  },
  {
    file: 'packages/api/src/access/request.ts', mutator: 'ConditionalExpression', original: 'isDuplicateKey(error)', replacement: 'true',
    why: "Not equivalent, but only for a failure of MySQL itself inside the insert's transaction (a lost connection): the mutant words it 'already requested' instead of a server error. The duplicate key is staged (access-states.test.ts, two tabs); a database failure on demand is not.",
  },
  {
    file: 'packages/api/src/data-room/downloads.ts', mutator: 'MethodExpression', original: 'row.fullName?.trim()', replacement: 'row.fullName',
    why: "Equivalent: every writer of profiles.full_name trims it (the profile form's text cleaning, the inquiry's name, Vipps's name), so the trim never changes a stored name.",
  },
  {
    file: 'packages/api/src/data-room/pdf-active.ts', mutator: 'Regex', original: '/^\\//', replacement: '/\\//',
    why: "Equivalent: pdf-lib spells every name with its leading '/', so the first '/' is the leading one.",
  },
  {
    file: 'packages/api/src/data-room/pdf-active.ts', mutator: 'StringLiteral', original: "''", replacement: '"Stryker was here!"',
    why: 'Equivalent: the stand-in for a value that is no name is in none of the sets of actions and types, whatever it says.',
  },
  {
    file: 'packages/api/src/data-room/pdf-active.ts', mutator: 'MethodExpression', original: 'Object.values(context.trailerInfo).filter((value): value is PDFObject => value !== undefined)', replacement: 'Object.values(context.trailerInfo)',
    why: 'Equivalent: an absent trailer entry (undefined) resolves to nothing and is skipped by the walk; the filter only keeps the types honest.',
  },
  {
    file: 'packages/api/src/data-room/pdf-active.ts', mutator: 'ConditionalExpression', original: 'value !== undefined', replacement: 'true',
    why: 'Equivalent, as above.',
  },
  {
    file: 'packages/api/src/data-room/pdf-copy.ts', mutator: 'ObjectLiteral', original: '{ updateMetadata: false }', replacement: '{}',
    why: "Equivalent where it loads a file (the original, and the copy read back for its check): metadata pdf-lib writes on load stays in that document's memory, and neither is saved. (Where it creates the copy, the no-metadata test kills it.)",
  },
  {
    file: 'packages/api/src/data-room/pdf-copy.ts', mutator: 'BooleanLiteral', original: 'false', replacement: 'true',
    why: 'Equivalent where it loads a file, as above.',
  },
  {
    file: 'packages/api/src/privacy/scrub.ts', mutator: 'MethodExpression', original: 'Object.values(RATE_LIMITS)\n    .filter((rule) => rule.keyedBy === \'email\')', replacement: 'Object.values(RATE_LIMITS)',
    why: 'Equivalent: the other rules\' keys made with the address\'s hash name no row, since those rules count by network or account; deleting them deletes nothing.',
  },
  {
    file: 'packages/api/src/privacy/scrub.ts', mutator: 'ConditionalExpression', original: 'rule.keyedBy === \'email\'', replacement: 'true',
    why: 'Equivalent, as above.',
  },
  {
    file: 'packages/api/src/privacy/scrub.ts', mutator: 'ArrowFunction', original: '(value) => sql`LOCATE(${value}, ${column}) > 0`', replacement: '() => undefined',
    why: 'Equivalent in what is stored: without the mention filter the REPLACE runs on every message and lead mail to those addresses, and a text that does not name the person is left as it was. The filter keeps the update to the rows that change.',
  },
  {
    file: 'packages/api/src/privacy/scrub.ts', mutator: 'ConditionalExpression', original: 'counterparts.length > 0 && values.length > 0', replacement: 'true',
    why: 'Equivalent in what is stored: with no counterpart or no name long enough, the UPDATE\'s REPLACE of nothing leaves every text as it was (and drizzle writes an empty IN as false); the guard only saves a round trip.',
  },
  {
    file: 'packages/api/src/privacy/scrub.ts', mutator: 'LogicalOperator', original: 'counterparts.length > 0 && values.length > 0', replacement: 'counterparts.length > 0 || values.length > 0',
    why: 'Equivalent in what is stored: with no counterpart or no name long enough, the UPDATE\'s REPLACE of nothing leaves every text as it was (and drizzle writes an empty IN as false); the guard only saves a round trip.',
  },
  {
    file: 'packages/api/src/privacy/scrub.ts', mutator: 'ConditionalExpression', original: 'counterparts.length > 0', replacement: 'true',
    why: 'Equivalent in what is stored: with no counterpart or no name long enough, the UPDATE\'s REPLACE of nothing leaves every text as it was (and drizzle writes an empty IN as false); the guard only saves a round trip.',
  },
  {
    file: 'packages/api/src/privacy/scrub.ts', mutator: 'EqualityOperator', original: 'counterparts.length > 0', replacement: 'counterparts.length >= 0',
    why: 'Equivalent in what is stored: with no counterpart or no name long enough, the UPDATE\'s REPLACE of nothing leaves every text as it was (and drizzle writes an empty IN as false); the guard only saves a round trip.',
  },
  {
    file: 'packages/api/src/privacy/scrub.ts', mutator: 'ConditionalExpression', original: 'values.length > 0', replacement: 'true',
    why: 'Equivalent: with no names the mail update changes no text, and the admin log\'s condition is then the target id alone (an empty OR is no condition); the guards only save work.',
  },
  {
    file: 'packages/api/src/privacy/scrub.ts', mutator: 'EqualityOperator', original: 'values.length > 0', replacement: 'values.length >= 0',
    why: 'Equivalent, as above.',
  },
  {
    file: 'packages/api/src/privacy/scrub.ts', mutator: 'ConditionalExpression', original: 'addresses.length > 0', replacement: 'true',
    why: 'Equivalent: an UPDATE for no address matches no row (an empty IN is false); the guard saves a round trip.',
  },
  {
    file: 'packages/api/src/privacy/scrub.ts', mutator: 'EqualityOperator', original: 'addresses.length > 0', replacement: 'addresses.length >= 0',
    why: 'Equivalent, as above.',
  },
  {
    file: 'packages/api/src/privacy/scrub.ts', mutator: 'ConditionalExpression', original: 'logged.length > 0', replacement: 'true',
    why: 'Equivalent: an UPDATE of no ids matches no row; the guard saves a round trip.',
  },
  {
    file: 'packages/api/src/privacy/scrub.ts', mutator: 'EqualityOperator', original: 'logged.length > 0', replacement: 'logged.length >= 0',
    why: 'Equivalent, as above.',
  },
  {
    file: 'packages/api/src/privacy/scrub.ts', mutator: 'ConditionalExpression', original: 'counterparts.length === 0', replacement: 'false',
    why: 'Equivalent: the look-up of no ids finds no address, and the next guard returns; this one saves a round trip.',
  },
  {
    file: 'packages/api/src/privacy/scrub.ts', mutator: 'ConditionalExpression', original: 'addresses.length === 0', replacement: 'false',
    why: 'Equivalent: an UPDATE for no address matches no row; the guard saves a round trip.',
  },
  {
    file: 'packages/api/src/data-room/pdf-limits.ts', mutator: 'ArrayDeclaration', original: '[]', replacement: '["Stryker was here"]',
    why: 'Equivalent or stricter: the fallbacks for a file with no object at all (no PDF pdf-lib can load) and for a filter array with no name in it (`/Filter []`, which no writer makes: the mutant refuses it instead of reading it unfiltered).',
  },
  {
    file: 'packages/api/src/data-room/pdf-limits.ts', mutator: 'ObjectLiteral', original: '{ finishFlush: constants.Z_SYNC_FLUSH, chunkSize: 256 * 1024 }', replacement: '{}',
    why: 'Equivalent in the verdict: with zlib\'s defaults a cut stream ends in an error after its data has been counted, and smaller chunks only stop a bomb a little sooner past the budget.',
  },
  {
    file: 'packages/api/src/data-room/pdf-limits.ts', mutator: 'EqualityOperator', original: 'opened >= 0', replacement: 'opened > 0',
    why: 'Equivalent unless \' obj\' begins exactly 4 096 bytes before `stream`, where the mutant reads the window from its start instead: the same object\'s dictionary either way.',
  },
  {
    file: 'packages/api/src/data-room/pdf-limits.ts', mutator: 'Regex', original: '/\\d+\\s+\\d+\\s+obj\\b/g', replacement: '/\\d\\s+\\d+\\s+obj\\b/g',
    why: 'Equivalent: the count is of matches, and one digit of an object number matches once per object as the whole number does.',
  },
  {
    file: 'packages/api/src/data-room/pdf-limits.ts', mutator: 'Regex', original: '/\\d+\\s+\\d+\\s+obj\\b/g', replacement: '/\\d+\\s+\\d\\s+obj\\b/g',
    why: 'Equivalent, as above: one digit of the generation number still matches once per object.',
  },
  {
    file: 'packages/api/src/data-room/pdf-limits.ts', mutator: 'ConditionalExpression', original: 'objects > MAX_OBJECTS', replacement: 'false',
    why: 'Equivalent in the verdict: the same count is checked again after the loop. The check inside only stops reading a file already refused.',
  },
  {
    file: 'packages/api/src/data-room/pdf-limits.ts', mutator: 'ConditionalExpression', original: 'filters.length === 0', replacement: 'false',
    why: 'Equivalent: an unfiltered stream given to zlib is no deflate data, counts 0 and the file is read as before (the new no-filter test shows the verdict).',
  },
  {
    file: 'packages/api/src/data-room/pdf-limits.ts', mutator: 'ConditionalExpression', original: 'end < 0', replacement: 'false',
    why: 'Equivalent in the verdict: without `endstream` the stream runs to the file\'s end; the mutant leaves out its last byte, which a bomb does not need.',
  },
  {
    file: 'packages/api/src/data-room/pdf-limits.ts', mutator: 'ConditionalExpression', original: 'end < 0', replacement: 'true',
    why: 'Equivalent in the verdict: inflating stops where the deflate data ends; what follows it (`endstream` and the rest) is not counted.',
  },
  {
    file: 'packages/api/src/data-room/pdf-limits.ts', mutator: 'EqualityOperator', original: 'end < 0', replacement: 'end >= 0',
    why: 'Equivalent in the verdict, as the two above.',
  },
  {
    file: 'packages/api/src/data-room/pdf-limits.ts', mutator: 'EqualityOperator', original: 'end < 0', replacement: 'end <= 0',
    why: 'Equivalent: `endstream` is never at offset 0 of a file that starts with %PDF.',
  },
  {
    file: 'packages/api/src/data-room/pdf-limits.ts', mutator: 'ArithmeticOperator', original: 'MAX_INFLATED_BYTES - inflated', replacement: 'MAX_INFLATED_BYTES + inflated',
    why: 'Equivalent in the verdict: a later stream then inflates further past the budget before the total is found over it; the file is refused all the same, only later.',
  },
  {
    file: 'packages/api/src/listing/keyset.ts', mutator: 'StringLiteral', original: "''", replacement: '"Stryker was here!"',
    why: 'Equivalent: the suffix of a phase without a cursor condition only has to differ from `:after`; any other text names the same shape once.',
  },
  {
    file: 'packages/api/src/listing/keyset.ts', mutator: 'EqualityOperator', original: 'fromCursor1 !== null', replacement: 'fromCursor1 === null',
    why: 'Equivalent: the two phase-1 shapes swap names, still one name per SQL text, so each statement is built and reused as before.',
  },
  {
    file: 'packages/api/src/listing/keyset.ts', mutator: 'EqualityOperator', original: 'fromCursor2 !== null', replacement: 'fromCursor2 === null',
    why: 'Equivalent, as above, for phase 2.',
  },
  {
    file: 'packages/api/src/listing/keyset.ts', mutator: 'ConditionalExpression', original: 'cursor.v !== null', replacement: 'true',
    why: 'Only a forged cursor has phase 1 without a key (ours always write the row\'s key there): it then pages nowhere instead of from the start, a 200 either way.',
  },
  {
    file: 'packages/api/src/listing/term-order.ts', mutator: 'ConditionalExpression', original: "plan.kind !== 'walk'", replacement: 'false',
    why: 'Equivalent: only a walk has a scope, so any other plan still fails `plan.scope !== \'public\'`; and browse asks only for walks.',
  },
  {
    file: 'packages/api/src/listing/term-order.ts', mutator: 'StringLiteral', original: "'spellings'", replacement: '""',
    why: 'Equivalent on MariaDB: the derived table is never named elsewhere in the statement, and an empty alias is accepted.',
  },
  {
    file: 'packages/api/src/listing/term-order.ts', mutator: 'ConditionalExpression', original: 'cursor.p === 1', replacement: 'true',
    why: 'Only a forged cursor is in phase 2 of newest (it has no NULL phase): it pages nowhere instead of from the start, a 200 either way.',
  },
  {
    file: 'packages/api/src/listing/term-order.ts', mutator: 'ConditionalExpression', original: 'cursor.v !== null', replacement: 'true',
    why: 'Only a forged cursor has no key in phase 1: it pages nowhere instead of from the start, a 200 either way.',
  },
  {
    file: 'packages/api/src/listing/term-order.ts', mutator: 'LogicalOperator', original: 'after === null || !cursor', replacement: 'after === null && !cursor',
    why: 'Differs only for a forged cursor (a cursor without a usable key): it pages nowhere instead of from the start, a 200 either way.',
  },
  {
    file: 'packages/api/src/listing/term-order.ts', mutator: 'ConditionalExpression', original: 'after === null', replacement: 'false',
    why: 'As above: only a forged cursor reaches a null key with a cursor.',
  },
  {
    file: 'packages/api/src/data-room/stamped-copies.ts', mutator: 'EqualityOperator', original: 'item.modified.getTime() > copy.now.getTime() - STAMPED_REUSE_MS', replacement: 'item.modified.getTime() >= copy.now.getTime() - STAMPED_REUSE_MS',
    why: 'Differs only for a copy made exactly 45 minutes before to the millisecond (S3 keeps whole seconds): reused or stamped anew, its link still ends well before the hourly clean-up.',
  },
];
