import type { Server } from 'node:http';
import * as sesLocal from 'aws-ses-v2-local';

type StartServer = (config: { host: string; port: number }) => Promise<Server>;

/** The package is CommonJS with `exports.default`; through Node's ESM loader that is `.default.default`. */
function startFunction(): StartServer {
  const outer = (sesLocal as unknown as { default: unknown }).default;
  return (typeof outer === 'function' ? outer : (outer as { default: unknown }).default) as StartServer;
}

export interface LocalSes {
  /** The web inbox (and the SES endpoint the app's SESv2 client sends to). */
  url: string;
  close(): Promise<void>;
}

/**
 * The local SES endpoint (aws-ses-v2-local, decision 072) on loopback: it answers SESv2's
 * SendEmail as SES does and shows every mail it accepted in a web inbox at its root. Mails are
 * kept in memory while it runs; the JSON copies in DATA_DIR/outbox stay.
 * Returns null when the port is taken (e.g. by the running app's own, which `ops` then uses).
 */
export async function startLocalSes(port: number): Promise<LocalSes | null> {
  const server = await startFunction()({ host: '127.0.0.1', port });
  // Express 5 hands a listen error to the callback the package resolves with: no throw, not listening.
  if (!server.listening) return null;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

export function sesPortTaken(port: number): Error {
  return new Error(`Port ${port} for den lokale SES-serveren (e-post) er i bruk. Stopp det som bruker den, eller sett SES_PORT.`);
}
