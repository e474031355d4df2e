import { mkdtempSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalServer } from '@bedriftstorget/api/entry/local-server';
import { FIRST_DATA_ID } from '@bedriftstorget/api/seo/first-data';
import { createListing } from './fixtures';
import { createHarness, signedInUser, visitorCaller } from './harness';

/**
 * A page's first data in its HTML (decision 053): a visitor's listing page and browse page carry
 * exactly what the SPA's first API call would answer, the same for everyone; cursors and bad input
 * get the plain shell.
 */
const h = createHarness();
const SHELL = '<!doctype html><html lang="nb"><head><title>Bedriftstorget</title></head><body><div id="root"></div></body></html>';
const dist = mkdtempSync(join(tmpdir(), 'bt-first-data-'));
writeFileSync(join(dist, 'index.html'), SHELL);
let server: Server;
let base = '';
let ownerId = '';
let cookie = '';

beforeAll(async () => {
  const owner = await signedInUser(h);
  ownerId = owner.userId;
  cookie = `${h.auth.sessionCookieName}=${owner.browser.sessionId}`;
  server = createLocalServer({ services: h, web: { distDir: dist } });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const FIRST_DATA = new RegExp(`<script type="application/json" id="${FIRST_DATA_ID}">(.*?)</script>`, 's');

async function firstData(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${path}`, { headers });
  const html = await response.text();
  const json = FIRST_DATA.exec(html)?.[1];
  return { status: response.status, html, entries: json ? (JSON.parse(json) as { path: string; input: unknown; data: unknown }[]) : null };
}

describe('first data in the page', () => {
  it("a listing page holds exactly what listing.detail answers a visitor; '</script>' in a title stays inside the JSON", async () => {
    const id = await createListing(ownerId, { title: 'Kafé </script><script>alert(1)</script> i Bodø', images: 2 });
    const { status, html, entries } = await firstData(`/bedrift/${id}`);
    expect(status).toBe(200);
    expect(html.match(/<\/script>/g)).toHaveLength(2); // the JSON-LD block and the first data, no more
    const expected = JSON.parse(JSON.stringify(await visitorCaller(h).listing.detail({ id }))) as unknown;
    expect(entries).toEqual([{ path: 'listing.detail', input: { id }, data: expected }]);
  });

  it('the browse page holds the first page the SPA would ask for, and preloads its first image', async () => {
    await createListing(ownerId, { industry: 'craft', location: 'Tromsø', images: 1 });
    const { status, html, entries } = await firstData('/alle-annonser?bransje=craft&sted=Troms%C3%B8&sortering=price_asc');
    expect(status).toBe(200);
    const input = { industry: 'craft', location: 'Tromsø', sort: 'price_asc' } as const;
    const expected = JSON.parse(JSON.stringify(await visitorCaller(h).listing.browse(input))) as { items: { imageUrl: string | null }[] };
    expect(expected.items.length).toBeGreaterThan(0);
    expect(entries).toEqual([{ path: 'listing.browse', input, data: expected }]);
    expect(html).toContain(`<link rel="preload" as="image" href="${expected.items[0]!.imageUrl}"`);
  });

  it('the same page for a signed-in user as for a visitor: nothing in it depends on the cookie (decision 080)', async () => {
    const id = await createListing(ownerId);
    for (const path of [`/bedrift/${id}`, '/alle-annonser']) {
      const visitor = await firstData(path);
      const signedIn = await firstData(path, { cookie });
      expect(visitor.entries, path).not.toBeNull();
      expect(signedIn.html, path).toBe(visitor.html);
    }
  });

  it('none for a page opened at a cursor, or input the API refuses; the shell still loads', async () => {
    for (const [path, headers] of [
      ['/alle-annonser?side=abc', {}],
      [`/alle-annonser?sted=${'x'.repeat(150)}`, {}],
    ] as const) {
      const { status, html, entries } = await firstData(path, headers);
      expect(status, path).toBe(200);
      expect(entries, path).toBeNull();
      expect(html, path).toContain('<div id="root"></div>');
    }
    expect((await fetch(`${base}/alle-annonser`, { method: 'POST' })).status).toBe(405);
  });
});
