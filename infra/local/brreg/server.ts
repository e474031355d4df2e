/**
 * A local stand-in for Enhetsregisteret's open API (`GET /enheter/{orgnr}`, decision 094): 200 with
 * the unit's JSON for the companies in companies.ts, 410 for the removed ones, 404 for any other
 * number. `npm start` and the API tests start it on a free port of loopback (as the PlanetScale
 * stand-in is started); tests can make it fail (503) or answer too slowly, as the real one may.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Enhet } from '@bedriftstorget/api/adapters/company-registry';
import { STAND_IN_COMPANIES, STAND_IN_REMOVED } from './companies';

export type StandInMode = 'up' | 'down' | 'slow';

export interface BrregStandIn {
  url: string;
  /** 'down': every answer 503; 'slow': answers after `slowMs` (longer than any lookup waits). */
  setMode(mode: StandInMode, slowMs?: number): void;
  /** Adds or replaces a unit (tests: a company that changes, e.g. goes bankrupt). */
  put(enhet: Enhet): void;
  /** Requests answered since start. */
  requests(): number;
  close(): Promise<void>;
}

const PATH = /^\/enheter\/(\d{9})$/;

export async function startBrregStandIn(options: { port?: number; host?: string } = {}): Promise<BrregStandIn> {
  const units = new Map<string, Enhet>(Object.values(STAND_IN_COMPANIES).map((enhet) => [enhet.organisasjonsnummer, enhet]));
  let mode: StandInMode = 'up';
  let slowMs = 10_000;
  let count = 0;
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((req, res) => {
    count += 1;
    const answer = () => {
      const match = req.method === 'GET' ? PATH.exec(new URL(req.url ?? '/', 'http://x').pathname) : null;
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (mode === 'down') return json(503, { feilmelding: 'Tjenesten er midlertidig utilgjengelig' });
      if (!match) return json(400, { feilmelding: 'Ugyldig forespørsel' });
      const orgnr = match[1]!;
      const unit = units.get(orgnr);
      if (unit) return json(200, unit);
      if (STAND_IN_REMOVED.includes(orgnr)) return json(410, { organisasjonsnummer: orgnr, slettedato: '2024-01-01' });
      return json(404, { feilmelding: 'Ingen enhet med organisasjonsnummer ' + orgnr });
    };
    if (mode !== 'slow') return answer();
    const timer = setTimeout(() => {
      timers.delete(timer);
      answer();
    }, slowMs);
    timers.add(timer);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setMode(next, ms) {
      mode = next;
      if (ms !== undefined) slowMs = ms;
    },
    put(enhet) {
      units.set(enhet.organisasjonsnummer, enhet);
    },
    requests: () => count,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
