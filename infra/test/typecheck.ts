/**
 * `npm run typecheck`: every package, the tools and tests, and the SST config with its stacks.
 * SST's platform types are generated first when missing or stale (infra/sst/platform-types.ts).
 */
import { generatePlatformTypes, platformTypesStale } from '../sst/platform-types';
import { heading, run } from './steps';

const PROJECTS = ['packages/core', 'packages/api', 'packages/web', 'tsconfig.tools.json', 'tsconfig.sst.json'];

export async function typecheck(): Promise<{ passed: number; failed: number }> {
  if (await platformTypesStale()) {
    heading('SST platform types');
    // A failure here shows up as the sst project's typecheck failing, with this message above it.
    await generatePlatformTypes().catch((error: unknown) => console.error(error instanceof Error ? error.message : error));
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
