/**
 * `npm run typecheck`: every package, the tools and tests, and the SST config with its stacks.
 * SST's platform types are generated offline first when missing (DESIGN.md §6).
 */
import { existsSync } from 'node:fs';
import { heading, run } from './steps';

const PROJECTS = ['packages/core', 'packages/api', 'packages/web', 'tsconfig.tools.json', 'tsconfig.sst.json'];
const SST_OFFLINE = '../shared/tools/sst-platform-offline';

export async function typecheck(): Promise<{ passed: number; failed: number }> {
  if (!existsSync('.sst/platform/config.d.ts')) {
    heading('SST platform types');
    if (!existsSync(SST_OFFLINE)) {
      console.error(`Mangler .sst/platform og ${SST_OFFLINE}: kjør "npx sst install" med nett, eller legg shared/ ved siden av prosjektet.`);
    } else {
      await run('bash', [SST_OFFLINE]);
    }
  }
  let passed = 0;
  let failed = 0;
  for (const project of PROJECTS) {
    heading(`typecheck ${project}`);
    const code = await run('npx', ['--no-install', 'tsc', '-p', project]);
    if (code === 0) {
      passed += 1;
      console.log('ok');
    } else failed += 1;
  }
  return { passed, failed };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  typecheck().then(({ failed }) => process.exit(failed ? 1 : 0), (error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
