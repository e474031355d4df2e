import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import type * as Esbuild from 'esbuild';
import { generatePlatformTypes, PLATFORM_TYPES } from '../../infra/sst/platform-types';

/**
 * SST's own component source, as `sst install` writes it to .sst/platform (npm run typecheck does;
 * here too when it is missing), so tests can check what the stacks rely on against the SST version
 * the project installs rather than against a model of it.
 */
const PLATFORM = resolve('.sst/platform');

export async function sstComponentSource(file: string): Promise<string> {
  if (!existsSync(PLATFORM_TYPES)) await generatePlatformTypes();
  return readFile(join(PLATFORM, 'src/components/aws', file), 'utf8');
}

/** The sst CLI binary npm installed for this machine (sst-linux-x64, sst-darwin-arm64, …): it holds SST's Go builder. */
export function sstBinaryPath(): string {
  const found = readdirSync(resolve('node_modules')).filter((name) => name.startsWith('sst-')).map((name) => resolve('node_modules', name, 'bin/sst')).find(existsSync);
  if (!found) throw new Error('no sst binary under node_modules/sst-*/bin (npm ci installs the one for this platform)');
  return found;
}

function between(source: string, start: string, end: string): string {
  const from = source.indexOf(start);
  const to = source.indexOf(end, from + start.length);
  if (from < 0 || to < 0) throw new Error(`SST's router.ts no longer has ${JSON.stringify(start)}: look at how it builds its viewer-request function again`);
  return source.slice(from + start.length, to);
}

/**
 * The viewer-request function SST's Router deploys when routes are added with `.route()`
 * (createRequestFunction in router.ts): the user injection, SST's 403 on the cloudfront.net host
 * when the Router has a domain, then SST's own routing code, minified as SST minifies it (its
 * esbuild, from .sst/platform). Rebuilt from SST's source, so its size is what CloudFront gets.
 */
export async function routerViewerRequestFunction(injection: string, withDomain: boolean): Promise<string> {
  const source = await sstComponentSource('router.ts');
  const block = between(source, 'export const CF_BLOCK_CLOUDFRONT_URL_INJECTION = `', '`;');
  const limit = /const CLOUDFRONT_FUNCTION_SAFE_HEADER_LIMIT = (\d+) - (\d+);/.exec(source);
  if (!limit) throw new Error('SST\'s router.ts no longer has CLOUDFRONT_FUNCTION_SAFE_HEADER_LIMIT');
  const routerRaw = between(source, 'export const CF_ROUTER_INJECTION = minify`', '`;\n').replace('${CLOUDFRONT_FUNCTION_SAFE_HEADER_LIMIT}', String(Number(limit[1]) - Number(limit[2])));
  const esbuild = createRequire(join(PLATFORM, 'package.json'))('esbuild') as typeof Esbuild;
  const router = esbuild.transformSync(routerRaw, { minifyWhitespace: true, minifySyntax: true, target: 'es2018' }).code;
  const template = between(between(source, '`${name}CloudfrontFunctionRequest`', '{ parent: self }'), 'code: interpolate`', '`,\n');
  // The template's own placeholders, filled as SST fills them (kvNamespace: 4 hex characters). Evaluated
  // as a template literal, so its escapes come out exactly as in SST; the text is SST's installed source.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  const fill = new Function('userInjection', 'blockCloudfrontUrlInjection', 'CF_ROUTER_INJECTION', 'kvNamespace', `return \`${template}\`;`) as (...values: string[]) => string;
  return fill(injection, withDomain ? block : '', router, '0a1b');
}
