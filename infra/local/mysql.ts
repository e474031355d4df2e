import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import mysql from 'mysql2/promise';
import { splitDatabaseUrl } from '../db';

const MARIADBD = '/usr/sbin/mariadbd';

type Probe = 'ok' | 'refused' | 'denied' | { other: string };

async function probe(serverUrl: string): Promise<Probe> {
  try {
    const connection = await mysql.createConnection({ uri: serverUrl, connectTimeout: 3000 });
    await connection.end();
    return 'ok';
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ECONNREFUSED') return 'refused';
    if (code === 'ER_ACCESS_DENIED_ERROR' || code === 'ER_ACCESS_DENIED_NO_PASSWORD_ERROR') return 'denied';
    return { other: `${code ?? ''} ${(error as Error).message}`.trim() };
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function isLoopback(url: string): boolean {
  const host = new URL(url).hostname;
  return host === '127.0.0.1' || host === 'localhost' || host === '::1';
}

/**
 * Makes sure MySQL answers at DATABASE_URL. On this kind of machine (MariaDB installed, running as
 * root) it starts a stopped MariaDB and lets root in over TCP with an empty password, as a fresh
 * Debian install only allows the socket. Anything else ends with one message saying what to do.
 */
export async function ensureMysql(databaseUrl: string, log: (line: string) => void = console.log): Promise<void> {
  const { serverUrl } = splitDatabaseUrl(databaseUrl);
  let state = await probe(serverUrl);
  if (state === 'refused' && isLoopback(serverUrl) && existsSync(MARIADBD)) {
    log('MySQL svarer ikke; starter MariaDB …');
    spawnSync('start-stop-daemon', ['--start', '--oknodo', '--background', '--exec', MARIADBD, '--', '--user=mysql'], { stdio: 'ignore' });
    for (let i = 0; i < 60 && state === 'refused'; i += 1) {
      await sleep(500);
      state = await probe(serverUrl);
    }
  }
  const url = new URL(serverUrl);
  if (state === 'denied' && isLoopback(serverUrl) && url.username === 'root' && !url.password && process.getuid?.() === 0) {
    log('Gir root tilgang over TCP uten passord (lokal MariaDB) …');
    execFileSync('mysql', ['-uroot', '-e',
      "ALTER USER 'root'@'localhost' IDENTIFIED VIA mysql_native_password USING PASSWORD('') OR unix_socket; FLUSH PRIVILEGES;"]);
    state = await probe(serverUrl);
  }
  if (state === 'ok') return;
  const reason = state === 'refused' ? 'ingen svarer på adressen' : state === 'denied' ? 'tilgang nektet' : state.other;
  throw new Error(
    `Fant ingen MySQL ved ${url.host} (${reason}).\n` +
      'Installer og start MariaDB (apt-get install -y mariadb-server, så service mariadb start),\n' +
      'eller sett DATABASE_URL til en MySQL du har tilgang til.',
  );
}
