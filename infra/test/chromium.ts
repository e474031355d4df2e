import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * Makes sure Debian's Chromium is there for the browser tests (Playwright's own download cannot
 * reach its hosts here). Installs it with apt-get when running as root; otherwise says what to do.
 */
export function ensureChromium(path: string): { ok: true } | { ok: false; message: string } {
  if (existsSync(path)) return { ok: true };
  if (path === '/usr/bin/chromium' && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log('Chromium mangler; installerer med apt-get (ca. ett minutt) …');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const install = update.status === 0 ? spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env }) : update;
    if (install.status === 0 && existsSync(path)) return { ok: true };
  }
  return { ok: false, message: `Chromium mangler på ${path}. Installer med: apt-get update && apt-get install -y chromium (eller sett CHROMIUM_PATH).` };
}
