/**
 * A local Vipps (decision 118): the OpenID provider of provider.ts behind one HTTP server on
 * loopback, mounted at Vipps's issuer path, with userinfo at Vipps's path and the login and
 * sharing pages. `npm start` and the tests start it on a free port and give the app its issuer and
 * client. Local only: nothing here is in a Lambda bundle (tests/unit/bundle-size checks).
 *
 * Tests (and the browser tests, through POST /_test/neste-feil) can make the next token answer
 * carry a faulty ID token, re-signed as a broken or hostile provider would send it, so the app's
 * refusals are tested against the real flow.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { importJWK, SignJWT, decodeJwt } from 'jose';
import { consentPage, loginPage } from './login-page';
import { ISSUER_PATH, LOGIN_PAGE_PATH, USERINFO_PATH, createSigningKey, createVippsProvider, type ProviderClient } from './provider';
import { TEST_PEOPLE, fullName, type TestPerson } from './people';

/** What the next ID token gets wrong: expired, for another client, another nonce, another issuer, signed by another key. */
export const FAULTS = ['expired', 'audience', 'nonce', 'issuer', 'signature'] as const;
export type Fault = (typeof FAULTS)[number];

export interface LocalVipps {
  issuer: string;
  url: string;
  /** Another test person (API tests make their own, so each test has people no other test has used). */
  addPerson(person: TestPerson): void;
  /** The next token answer's ID token gets this fault (once). */
  failNext(fault: Fault): void;
  close(): Promise<void>;
}

const CLIENT_NAME = 'Bedriftstorget';

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 10_000) break;
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startLocalVipps(client: ProviderClient, options: { port?: number } = {}): Promise<LocalVipps> {
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  const server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const issuer = `${url}${ISSUER_PATH}/`;
  const key = await createSigningKey();
  const otherKey = await createSigningKey();
  const people = new Map(TEST_PEOPLE.map((person) => [person.id, person]));
  const provider = createVippsProvider(issuer, client, key, people);
  let fault: Fault | null = null;

  // Faults rewrite the token endpoint's answer: the ID token re-signed with the broken claim.
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (!fault || ctx.path !== '/oauth2/token' || !body?.id_token) return;
    const claims = decodeJwt(body.id_token);
    const now = Math.floor(Date.now() / 1000);
    if (fault === 'expired') Object.assign(claims, { iat: now - 3600, exp: now - 1800 });
    if (fault === 'audience') claims.aud = 'en-annen-klient';
    if (fault === 'nonce') claims.nonce = 'en-annen-nonce';
    if (fault === 'issuer') claims.iss = 'https://falsk-vipps.example/access-management-1.0/access/';
    const signer = fault === 'signature' ? otherKey : key;
    fault = null;
    body.id_token = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: key.kid }).sign(await importJWK(signer.privateJwk, 'RS256'));
  });

  // After every use(): Koa composes the middleware when the callback is made.
  const callback = provider.callback();

  async function interaction(req: IncomingMessage, res: ServerResponse, uid: string, step: string | undefined) {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new Error('interaction mismatch');
    const action = `${LOGIN_PAGE_PATH}/${uid}/svar`;
    if (req.method === 'POST' && step === 'svar') {
      const form = await readForm(req);
      if (form.has('avbryt')) {
        return provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'Brukeren avbrøt innloggingen' }, { mergeWithLastSubmission: false });
      }
      if (details.prompt.name === 'login') {
        const person = people.get(form.get('person') ?? '');
        if (!person) return send(res, 400, 'Ukjent testperson');
        return provider.interactionFinished(req, res, { login: { accountId: person.id } }, { mergeWithLastSubmission: false });
      }
      const grant = details.grantId ? await provider.Grant.find(details.grantId) : new provider.Grant({ accountId: details.session!.accountId, clientId: String(details.params.client_id) });
      grant!.addOIDCScope(String(details.params.scope));
      const grantId = await grant!.save();
      return provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
    }
    if (details.prompt.name === 'login') return send(res, 200, loginPage(action, CLIENT_NAME, [...people.values()]));
    const person = people.get(details.session?.accountId ?? '');
    return send(res, 200, consentPage(action, CLIENT_NAME, person ? fullName(person) : '', String(details.params.scope).split(' ')));
  }

  handler = (req, res) => {
    const path = new URL(req.url ?? '/', url).pathname;
    const page = path.startsWith(`${LOGIN_PAGE_PATH}/`) ? path.slice(LOGIN_PAGE_PATH.length + 1).split('/') : null;
    if (page?.[0]) {
      interaction(req, res, page[0], page[1]).catch((error: unknown) => send(res, 400, `Innloggingen er utløpt eller ugyldig. (${String(error)})`));
      return;
    }
    if (path === '/_test/neste-feil' && req.method === 'POST') {
      void readForm(req).then((form) => {
        const wanted = form.get('feil') as Fault | null;
        if (!wanted || !FAULTS.includes(wanted)) return send(res, 400, 'Ukjent feil');
        fault = wanted;
        send(res, 204, '');
      });
      return;
    }
    const inner = path === USERINFO_PATH ? `/userinfo` : path.startsWith(`${ISSUER_PATH}/`) ? (req.url ?? '/').slice(ISSUER_PATH.length) : null;
    if (inner === null) return send(res, 404, 'Ikke funnet');
    (req as IncomingMessage & { originalUrl?: string }).originalUrl = path === USERINFO_PATH ? `${ISSUER_PATH}/userinfo` : req.url;
    req.url = inner;
    void callback(req, res);
  };

  return {
    issuer,
    url,
    addPerson(person) {
      people.set(person.id, person);
    },
    failNext(next) {
      fault = next;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

function send(res: ServerResponse, status: number, html: string) {
  if (res.headersSent) return void res.end();
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(html);
}
