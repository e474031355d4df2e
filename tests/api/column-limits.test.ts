import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod';
import { industries } from '@bedriftstorget/core/listing/enums';
import { MAX_MONEY } from '@bedriftstorget/core/listing/form-schema';
import { listingImages, listings } from '@bedriftstorget/core/listing/listing.sql';
import { request as texts } from '@bedriftstorget/core/texts/http';
import { MAX_TERM_LENGTH } from '@bedriftstorget/core/listing/search-terms';
import { estimateValue } from '@bedriftstorget/core/valuation/multiples';
import { MAX_AMOUNT } from '@bedriftstorget/core/valuation/schemas';
import { createListing, listingFields as validFields } from './fixtures';
import { createHarness, db, signedInUser } from './harness';
import { procedures } from './hostile-send';
import { leavesOf } from './hostile-values';

/**
 * Every limit an input schema sets fits the column the value is stored in (decision record 059):
 * a name longer than its VARCHAR, or an amount past its DECIMAL, is a 500 the day the two drift
 * apart. Read from the migrated test database, so the columns are the ones migrations made.
 *
 * How each side counts text: zod's max counts UTF-16 code units (String.length), after textField's
 * NFC cleaning; VARCHAR(n) in utf8mb4 counts code points. A code point is one or two code units, so
 * a text within max is within n, whatever it is made of. Graphemes only count toward a minimum
 * (visibleLength): a grapheme of five code points is five toward the max, never one. In bytes a
 * code unit is at most three (an emoji is two units and four bytes), so TEXT (65 535 bytes) holds
 * a max of 21 845.
 */
type Stored = string | { column: string; max: number; why: string };
/** The columns a field is stored in, or why it is stored nowhere. */
type Row = Stored[] | string;

const listingColumns = {
  title: 'title', location: 'location', description: 'description', contractObligations: 'contract_obligations', ownerComment: 'owner_comment',
  price: 'price', revenue: 'revenue', profit: 'profit', ownerSalary: 'owner_salary', debt: 'debt', equityPercent: 'equity_percent',
  growthPercent: 'growth_percent', employees: 'employees', established: 'established', premisesSize: 'premises_size',
};
const orgnrStored: Stored[] = ['listings.orgnr', 'company_registry.orgnr'].map((column) => ({ column, max: 9, why: 'orgnrSchema keeps nine digits only (decision 094)' }));
const listingFields = (procedure: string, prefix: string, only = Object.keys(listingColumns)): Record<string, Row> => ({
  ...Object.fromEntries(only.map((field) => [`${procedure} ${prefix}${field}`, [`listings.${listingColumns[field as keyof typeof listingColumns]}`]])),
  ...(prefix === 'fields.' ? { [`${procedure} ${prefix}orgnr`]: orgnrStored } : {}),
});
const highestEstimate = Math.max(...industries.map((industry) => estimateValue({ industry, revenue: MAX_AMOUNT, profit: MAX_AMOUNT }).high));
const notStored = {
  password: 'stored as its scrypt hash only',
  token: 'looked up by its SHA-256 only',
  search: 'searched for, never stored (its words cut to 32 characters)',
  cursor: 'decoded into a position, never stored',
  filter: 'compared in a WHERE, never stored',
  email: 'looked up, never stored (a rate-limit key is cut to 191)',
  returnPath: 'at most 300 characters (MAX_RETURN_PATH), only inside the confirmation mail’s link: mail_outbox.body is mediumtext, links JSON',
} as const;
const browse = (procedure: string): Record<string, Row> => ({
  [`${procedure} q`]: notStored.search, [`${procedure} location`]: notStored.filter, ...Object.fromEntries(
    ['minPrice', 'maxPrice', 'minRevenue', 'maxRevenue', 'minProfit', 'maxProfit'].map((key) => [`${procedure} ${key}`, notStored.filter]),
  ),
});

const table: Record<string, Row> = {
  'auth.signUp email': ['users.email'],
  'auth.signUp password': notStored.password,
  'auth.signUp next': notStored.returnPath,
  'auth.confirmEmail token': notStored.token,
  'auth.signIn email': notStored.email,
  'auth.signIn password': notStored.password,
  'auth.requestPasswordReset email': notStored.email,
  'auth.resendConfirmation email': notStored.email,
  'auth.resendConfirmation next': notStored.returnPath,
  'auth.resetPassword token': notStored.token,
  'auth.resetLinkValid token': notStored.token,
  'auth.resetPassword password': notStored.password,
  'auth.confirmDeletion token': notStored.token,
  'profile.deleteAccount password': 'compared with the scrypt hash, never stored',
  'auth.googleCallback code': 'sent to Google, never stored',
  'auth.googleCallback state': 'compared with the cookie, never stored',
  'vipps.callback search': 'handed to openid-client and Vipps, never stored',
  'vipps.linkWithPassword password': notStored.password,
  'vipps.confirmLink token': notStored.token,
  ...browse('listing.browse'),
  'listing.browse cursor': notStored.cursor,
  'listing.browse limit': 'a page size',
  ...browse('listing.browseCount'),
  'listing.renewByToken token': notStored.token,
  ...listingFields('seller.create', 'fields.'),
  ...listingFields('seller.update', 'fields.'),
  // 'Er dette riktig firma?' while the seller types: the registry is asked, nothing is stored (decision 139).
  'seller.lookupCompany orgnr': 'sent to the registry, never stored (orgnrSchema keeps nine digits only)',
  'seller.presignUpload index': 'part of the upload’s storage key (about 110 of its 512 characters)',
  // The data room (decision 097): the default title is the file name cut to the title's length.
  'dataRoom.presignUpload fileName': ['listing_documents.file_name'],
  'dataRoom.presignUpload size': ['listing_documents.size'],
  'dataRoom.confirmUpload title': ['listing_documents.title'],
  'dataRoom.rename title': ['listing_documents.title'],
  'seller.rememberDraft email': ['draft_reminders.email'],
  'seller.rememberDraft title': ['draft_reminders.title'],
  'profile.update fullName': ['profiles.full_name'],
  'profile.update companyName': ['profiles.company_name'],
  'profile.update phone': [{ column: 'profiles.phone', max: '+123456789012345'.length, why: 'normalizePhone keeps + and at most 15 digits' }],
  'valuation.estimate revenue': ['valuation_requests.revenue', { column: 'valuation_requests.high_value', max: highestEstimate, why: 'the estimate from the largest figures' }],
  'valuation.estimate profit': ['valuation_requests.profit'],
  'valuation.estimate email': ['valuation_requests.email'],
  'admin.review.reject note': ['admin_logs.details'],
  'admin.review.approve note': ['admin_logs.details'],
  'admin.review.reject versions.*': 'compared with listings.content_version, never stored',
  'admin.review.approve versions.*': 'compared with listings.content_version, never stored',
  'admin.listings.list q': notStored.search,
  'admin.listings.list cursor': notStored.cursor,
  'admin.listings.exportCsv q': notStored.search,
  // The admin's edit dialog shows these of the wizard's fields (adminListingFieldsSchema).
  ...listingFields('admin.listings.update', 'patch.', ['title', 'location', 'description', 'price', 'revenue', 'profit', 'employees', 'established']),
  'admin.users.list q': notStored.search,
  'admin.users.list cursor': notStored.cursor,
  'admin.users.update fullName': ['profiles.full_name'],
  'admin.users.update companyName': ['profiles.company_name'],
  'admin.users.update phone': ['profiles.phone'],
  'admin.users.update maxListings': ['profiles.max_listings'],
  'admin.users.answerRequest maxListings': ['profiles.max_listings', 'quota_requests.granted_max'],
  'admin.users.answerRequest note': ['quota_requests.answer_note', 'admin_logs.details'],
  'seller.requestMoreListings wanted': ['quota_requests.wanted'],
  'seller.requestMoreListings message': ['quota_requests.message'],
  'admin.settings.update reviewPromiseHours': ['app_settings.review_promise_hours'],
  'admin.settings.update reviewAlertHours': ['app_settings.review_alert_hours'],
  'admin.settings.update maxActiveListings': ['app_settings.max_active_listings'],
  'admin.valuations.list cursor': notStored.cursor,
  'admin.reports.list cursor': notStored.cursor,
  'admin.reports.deactivate note': ['listings.inactive_note', 'admin_logs.details'],
  'message.conversations cursor': notStored.cursor,
  'message.thread cursor': notStored.cursor,
  'message.contactSeller text': ['messages.message_text'],
  'message.reply text': ['messages.message_text'],
  'message.sendInquiry message': ['leads.message'],
  'access.request message': ['access_requests.message'],
  'offer.make price': ['offers.price', 'offer_events.price'],
  'offer.make takeoverDate': 'parsed as a calendar day (YYYY-MM-DD) into the DATE columns offers.takeover_date and offer_events.takeover_date',
  'offer.make days': 'turned into offers.expires_at (now + days), never stored as given',
  'offer.make message': ['offers.message', 'offer_events.message'],
  'offer.decline reason': ['offers.decline_reason', 'offer_events.reason'],
  'offer.counter price': ['offers.price', 'offer_events.price'],
  'offer.counter takeoverDate': 'parsed as a calendar day (YYYY-MM-DD) into the DATE columns offers.takeover_date and offer_events.takeover_date',
  'offer.counter days': 'turned into offers.expires_at (now + days), never stored as given',
  'offer.counter message': ['offers.message', 'offer_events.message'],
  'seller.markSold soldPrice': ['listings.sold_price'],
  'admin.access.list cursor': notStored.cursor,
  'message.sendInquiry name': ['leads.buyer_name', 'profiles.full_name'],
  'message.inquiries cursor': notStored.cursor,
  'report.create comment': ['listing_reports.comment'],
  'savedSearch.create name': ['saved_searches.name'],
  'savedSearch.create filters.q': ['saved_searches.filters', { column: 'saved_searches.term_key', max: MAX_TERM_LENGTH, why: 'its longest word, cut to MAX_TERM_LENGTH' }],
  'savedSearch.create filters.location': ['saved_searches.filters', 'saved_searches.place_key'],
  ...Object.fromEntries(['minPrice', 'maxPrice', 'minRevenue', 'maxRevenue', 'minProfit', 'maxProfit'].map((key) => [`savedSearch.create filters.${key}`, ['saved_searches.filters']])),
  'savedSearch.rename name': ['saved_searches.name'],
  'savedSearch.unsubscribe token': 'looked up, never stored (the stored one is made by the server)',
};

interface Column { DATA_TYPE: string; CHARACTER_MAXIMUM_LENGTH: number | null; CHARACTER_OCTET_LENGTH: number | null; NUMERIC_PRECISION: number | null; NUMERIC_SCALE: number | null; COLUMN_TYPE: string; CHARACTER_SET_NAME: string | null; COLLATION_NAME: string | null }

async function columns(): Promise<Map<string, Column>> {
  const result: unknown = await db.execute(sql`SELECT TABLE_NAME, COLUMN_NAME, DATA_TYPE, CHARACTER_MAXIMUM_LENGTH, CHARACTER_OCTET_LENGTH, NUMERIC_PRECISION, NUMERIC_SCALE, COLUMN_TYPE, CHARACTER_SET_NAME, COLLATION_NAME FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE()`);
  const [rows] = result as [(Column & { TABLE_NAME: string; COLUMN_NAME: string })[]];
  return new Map(rows.map((row) => [`${row.TABLE_NAME}.${row.COLUMN_NAME}`, row]));
}

const fields = procedures.flatMap(({ path, schema }) =>
  leavesOf(schema)
    .filter((leaf) => (leaf.kind === 'string' && leaf.format !== 'uuid') || leaf.kind === 'number')
    .map((leaf) => ({ key: `${path} ${leaf.path}`, leaf, row: table[`${path} ${leaf.path}`] })),
);
const stored = (kind: string) => fields.filter((f) => f.leaf.kind === kind && Array.isArray(f.row))
  .flatMap(({ key, leaf, row }) => (row as Stored[]).map((s) => (typeof s === 'string' ? { key, leaf, column: s, max: leaf.max, derived: false } : { key, leaf, column: s.column, max: s.max, derived: true })));

/** The range a numeric column holds: DECIMAL(p,s) up to 10^(p−s) − 10^−s; the integer types by their size. */
function rangeOf(column: Column): [number, number] {
  const unsigned = column.COLUMN_TYPE.includes('unsigned');
  const integer = { tinyint: 2 ** 7, smallint: 2 ** 15, mediumint: 2 ** 23, int: 2 ** 31, bigint: 2 ** 63 }[column.DATA_TYPE];
  if (integer) return unsigned ? [0, integer * 2 - 1] : [-integer, integer - 1];
  // JSON (MariaDB: LONGTEXT with a check) keeps a number as its text.
  if (column.DATA_TYPE === 'longtext') return [-Infinity, Infinity];
  if (column.DATA_TYPE !== 'decimal') throw new Error(`not a numeric column: ${column.COLUMN_TYPE}`);
  const top = 10 ** (column.NUMERIC_PRECISION! - column.NUMERIC_SCALE!) - 10 ** -column.NUMERIC_SCALE!;
  return [unsigned ? 0 : -top, top];
}
/** What the column makes of a value: rounded to its scale (an INT rounds 2.5 to 3). */
const rounded = (value: number, column: Column) => Math.round(value * 10 ** (column.NUMERIC_SCALE ?? 0)) / 10 ** (column.NUMERIC_SCALE ?? 0);

describe('input limits fit their database columns', () => {
  it('every text and number field of every procedure has a row: the columns it is stored in, or why it is stored nowhere', () => {
    expect(fields.filter((f) => f.row === undefined).map((f) => f.key)).toEqual([]);
    expect(Object.keys(table).filter((key) => !fields.some((f) => f.key === key))).toEqual([]);
  });

  it('a stored text’s zod max fits its column, in characters and in bytes', async () => {
    const known = await columns();
    const problems = stored('string').flatMap(({ key, column, max }) => {
      const info = known.get(column);
      if (!info?.CHARACTER_MAXIMUM_LENGTH) return [`${key}: ${column} is no text column`];
      if (max === undefined) return [`${key}: stored in ${column} (${info.COLUMN_TYPE}) without a max`];
      const fits = max <= info.CHARACTER_MAXIMUM_LENGTH && 3 * max <= info.CHARACTER_OCTET_LENGTH!;
      return fits ? [] : [`${key}: max ${max} does not fit ${column} (${info.COLUMN_TYPE}, ${info.CHARACTER_OCTET_LENGTH} bytes)`];
    });
    expect(problems).toEqual([]);
  });

  it('a stored number’s range, rounded to its column’s scale, fits the column', async () => {
    const known = await columns();
    const problems = stored('number').flatMap(({ key, leaf, column, max }) => {
      const info = known.get(column);
      if (!info) return [`${key}: no column ${column}`];
      const [low, high] = rangeOf(info);
      const [min, top] = [leaf.min ?? -Infinity, max ?? Infinity];
      return rounded(min, info) >= low && rounded(top, info) <= high ? [] : [`${key}: ${min}..${top} does not fit ${column} (${info.COLUMN_TYPE}: ${low}..${high})`];
    });
    expect(problems).toEqual([]);
  });

  it('the widest text each schema accepts is stored whole by a column of its type, and one character more is refused there', async () => {
    const known = await columns();
    const checked: string[] = [];
    await db.transaction(async (tx) => {
      for (const [i, { key, leaf, column, max }] of stored('string').filter((s) => !s.derived && !s.leaf.format).entries()) {
        const info = known.get(column)!;
        if (info.DATA_TYPE === 'longtext') continue;
        // A temporary table (this connection only) with the very column type, character set and collation.
        await tx.execute(sql.raw(`CREATE TEMPORARY TABLE probe_${i} (v ${info.COLUMN_TYPE} CHARACTER SET ${info.CHARACTER_SET_NAME} COLLATE ${info.COLLATION_NAME})`));
        const widest = ['a'.repeat(max!), '€'.repeat(max!), '😀'.repeat(Math.floor(max! / 2)), '👩🏽‍💻'.repeat(Math.floor(max! / 7)), 'e\u0301'.repeat(Math.floor(max! / 2)), '\uFB2C'.repeat(max!)];
        const probe = sql.raw(`probe_${i}`);
        const accepted = widest.flatMap((text) => {
          const parsed = (leaf.schema as unknown as z.ZodType<string>).safeParse(text);
          return parsed.success ? [parsed.data] : [];
        });
        for (const text of accepted) await tx.execute(sql`INSERT INTO ${probe} (v) VALUES (${text})`);
        const result: unknown = await tx.execute(sql`SELECT v FROM ${probe}`);
        expect((result as [{ v: string }[]])[0].map((row) => row.v), key).toEqual(accepted);
        checked.push(...accepted.map((text) => `${key}: ${[...text].length} code points`));
        if (info.DATA_TYPE === 'varchar') {
          await expect(tx.execute(sql.raw(`INSERT INTO probe_${i} (v) VALUES ('${'a'.repeat(info.CHARACTER_MAXIMUM_LENGTH! + 1)}')`)), `${column} refuses a longer text`).rejects.toThrow();
        }
      }
    });
    expect(checked.length).toBeGreaterThan(40);
  });

  it('the largest amount the listing form takes is stored; 1e13, or a hair under it that rounds up, is a Norwegian 400, not a 500', async () => {
    const { browser, userId } = await signedInUser(createHarness());
    const id = await createListing(userId, { status: 'pending' });
    const [image] = await db.select({ id: listingImages.id }).from(listingImages).where(eq(listingImages.listingId, id));
    const save = (price: number) => browser.call((c) => c.seller.update({ id, fields: { ...validFields, price, profit: -price }, images: [{ imageId: image!.id }] }));
    await save(MAX_MONEY);
    expect(await db.select({ price: listings.price, profit: listings.profit }).from(listings).where(eq(listings.id, id))).toEqual([{ price: MAX_MONEY, profit: -MAX_MONEY }]);
    for (const price of [1e13, 9_999_999_999_999.996]) {
      await expect(save(price)).rejects.toMatchObject({ code: 'BAD_REQUEST', message: texts.tooBig });
    }
  });
});
