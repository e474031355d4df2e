/**
 * `npm run ops -- smoke --url URL` (decision 112): after a deploy, the paths no offline test reaches,
 * against the running site — a sign-up whose mail goes to SES's mailbox simulator (its link read back
 * from the outbox), a listing submitted (the counted `INSERT … SELECT … FOR UPDATE`), an image and a
 * PDF uploaded by presigned POST, the stamped copy downloaded, a crawler's page, a public read served
 * twice (the second from the edge's cache) and a forced 500 that `api-5xx` counts. It cleans up after
 * itself (the listing, the account, its outbox rows), whatever failed. Needs the stage's database
 * (under `npx sst shell --stage X`), as the confirmation link and the 500's token come from it.
 */
import { eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import type { Database } from '@bedriftstorget/api/db/client';
import { OPS_TOKEN_HEADER, SMOKE_FAULT_PATH, smokeFaultToken } from '@bedriftstorget/api/http/smoke-fault';
import { mailOutbox } from '@bedriftstorget/core/mail/mail.sql';
import type { ListingFields } from '@bedriftstorget/core/listing/form-schema';
import { postToBucket, SiteClient, SmokeError } from './smoke-client';

export interface SmokeStep {
  name: string;
  ok: boolean;
  detail: string;
}

const FIELDS: ListingFields = {
  title: 'Røyktest av utrulling', industry: 'craft', location: 'Bergen',
  description: 'En annonse som ops smoke lager og sletter straks igjen for å prøve innsending etter en utrulling.',
  price: 1_000_000, revenue: 2_000_000, profit: 200_000, ownerSalary: null, debt: null, equityPercent: 100, growthPercent: null,
  employees: 2, established: 2010, premisesSize: null, ownPremises: false, companyForm: 'as', activeCustomers: true,
  recurringRevenue: false, ownerDependency: 'medium', contractObligations: null, includedInSale: [], ownerComment: null, orgnr: null, confidential: false, verifiedBuyersOnly: false,
};

async function smokePdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  page.drawText('Røyktest', { x: 72, y: 760, size: 18, font: await pdf.embedFont(StandardFonts.Helvetica) });
  return pdf.save();
}

/** The confirmation link's token, read from the outbox row the sign-up wrote (the mail itself went to the simulator). */
async function confirmationToken(db: Database, email: string): Promise<string> {
  const rows = await db.select({ links: mailOutbox.links, kind: mailOutbox.kind }).from(mailOutbox).where(eq(mailOutbox.toAddress, email));
  const link = rows.filter((row) => row.kind === 'confirm').flatMap((row) => row.links).find((l) => l.includes('/auth/bekreft'));
  const token = link ? new URL(link).searchParams.get('token') : null;
  if (!token) throw new SmokeError(`no confirmation mail to ${email} in the outbox`);
  return token;
}

export async function runSmoke(url: string, databaseUrl: string, db: Database, log: (line: string) => void = console.log): Promise<SmokeStep[]> {
  const site = new SiteClient(url.replace(/\/+$/, ''));
  const steps: SmokeStep[] = [];
  const step = async (name: string, work: () => Promise<string>): Promise<boolean> => {
    try {
      const detail = await work();
      steps.push({ name, ok: true, detail });
      log(`✓ ${name}: ${detail}`);
      return true;
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      steps.push({ name, ok: false, detail });
      log(`✗ ${name}: ${detail}`);
      return false;
    }
  };
  const id = crypto.randomUUID().slice(0, 8);
  const email = `success+smoke-${id}@simulator.amazonses.com`;
  const password = `Smoke-${crypto.randomUUID()}`;
  const listingId = crypto.randomUUID();
  let signedIn = false;
  let listed = false;
  try {
    signedIn = (await step('sign-up (mail to the mailbox simulator)', async () => {
      await site.call('auth.signUp', { email, password, acceptTerms: true });
      await site.call('auth.confirmEmail', { token: await confirmationToken(db, email) });
      await site.call('auth.signIn', { email, password });
      return email;
    })) && (await step('image upload (presigned POST, checked and re-encoded)', async () => {
      const png = new Uint8Array(await sharp({ create: { width: 800, height: 600, channels: 3, background: '#2a6f4e' } }).png().toBuffer());
      const grant = await site.call<{ uploadId: string; url: string; fields: Record<string, string> }>('seller.presignUpload', { listingId, contentType: 'image/png', index: 0 });
      await postToBucket(site, grant, png, 'image/png');
      await site.call('seller.confirmUpload', { uploadId: grant.uploadId });
      listed = await step('listing submitted', async () => {
        await site.call('seller.create', { id: listingId, fields: FIELDS, images: [{ uploadId: grant.uploadId }] });
        return listingId;
      });
      return grant.uploadId;
    }));
    if (signedIn && listed) {
      await step('document upload and stamped download', async () => {
        const bytes = await smokePdf();
        const grant = await site.call<{ documentId: string; url: string; fields: Record<string, string> }>('dataRoom.presignUpload', { listingId, fileName: 'Røyktest.pdf', size: bytes.length });
        await postToBucket(site, grant, bytes, 'application/pdf');
        await site.call('dataRoom.confirmUpload', { documentId: grant.documentId });
        const { url: link } = await site.call<{ url: string }>('dataRoom.download', { documentId: grant.documentId });
        const copy = await fetch(link.startsWith('/') ? `${site.url}${link}` : link);
        const head = new TextDecoder().decode((await copy.arrayBuffer()).slice(0, 5));
        if (!copy.ok || head !== '%PDF-') throw new SmokeError(`the stamped copy: HTTP ${copy.status} ${head}`);
        return 'a PDF came back';
      });
    }
    await step('crawler page', async () => {
      const sitemap = await (await site.get('/sitemap.xml')).text();
      const page = /<loc>[^<]*?(\/bedrift\/[^<]+)<\/loc>/.exec(sitemap)?.[1] ?? '/robots.txt';
      const response = await site.get(page, { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' });
      if (response.status !== 200) throw new SmokeError(`${page}: HTTP ${response.status}`);
      return page;
    });
    await step('public read served from the edge the second time', async () => {
      await site.query('listing.reviewPromise', {});
      const { response } = await site.query('listing.reviewPromise', {});
      const hit = /hit/i.test(response.headers.get('x-cache') ?? '') || response.headers.has('age');
      if (!hit) throw new SmokeError(`no cache hit (x-cache: ${response.headers.get('x-cache')}, age: ${response.headers.get('age')})`);
      return `x-cache: ${response.headers.get('x-cache') ?? '–'}, age: ${response.headers.get('age')}`;
    });
    await step('forced 500, counted by api-5xx', async () => {
      const response = await site.post(SMOKE_FAULT_PATH, { [OPS_TOKEN_HEADER]: smokeFaultToken(databaseUrl) });
      if (response.status !== 500) throw new SmokeError(`HTTP ${response.status}`);
      return 'HTTP 500';
    });
  } finally {
    await step('clean-up', async () => {
      if (listed) await site.call('seller.delete', { id: listingId });
      if (signedIn) await site.call('profile.deleteAccount', { password });
      await db.delete(mailOutbox).where(eq(mailOutbox.toAddress, email));
      return signedIn ? 'listing, account and its mail removed' : 'its mail removed';
    });
  }
  return steps;
}
