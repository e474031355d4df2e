import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { SST_ESM_BANNER, SST_FORCE_EXTERNAL } from '../../stacks/function-build';
import { sstBinaryPath, sstComponentSource } from '../setup/sst-platform';

/**
 * What the stacks rely on in the SST the project installs, read from SST's own code: the component
 * source `sst install` writes to .sst/platform, and the CLI binary that holds the Go function
 * builder. When an SST upgrade changes one of these, the test names the stack file to look at again.
 */
describe('SST as installed', { timeout: 300_000 }, () => {
  it('Email always waits for a domain sender\'s DKIM verification, dns: false or not (why stacks/mail.ts does without it)', async () => {
    const email = await sstComponentSource('email.ts');
    expect(email).toMatch(/isDomain\.apply\(\(isDomain\) => \{\s*if \(!isDomain\) return;\s*createDkimRecords\(\);\s*createDmarcRecord\(\);\s*createMailFromRecords\(\);\s*waitForVerification\(\);/);
    expect(email).toMatch(/function waitForVerification\(\) \{\s*new ses\.DomainIdentityVerification\(/);
  });

  it('the Router caches what an origin allows, up to a year, and nothing it does not (images: stacks/router.ts)', async () => {
    const router = await sstComponentSource('router.ts');
    const policy = /`\$\{name\}ServerCachePolicy`,\s*\{([\s\S]*?)\n {12}\},/.exec(router)?.[1];
    expect(policy).toBeDefined();
    expect(policy).toMatch(/defaultTtl: 0,/);
    expect(policy).toMatch(/minTtl: 0,/);
    expect(policy).toMatch(/maxTtl: 31536000,/);
  });

  it('the Router waits 20 s for an origin unless the route says (stacks/timeouts.ts)', async () => {
    const router = await sstComponentSource('router.ts');
    expect(router).toMatch(/originReadTimeout: 20,/);
    expect(router).toMatch(/readTimeout\?: Input<DurationSeconds>;/);
  });

  it('a Function URL allows every origin unless cors is false (stacks/api.ts, seo.ts)', async () => {
    const fn = await sstComponentSource('function.ts');
    expect(fn).toMatch(/allowOrigins: \["\*"\]/);
    expect(fn).toMatch(/url\.cors === false\s*\? undefined/);
  });

  it('linking a Bucket or an Email grants s3:* and ses:* (why the stacks link names only, stacks/permissions.ts)', async () => {
    expect(await sstComponentSource('bucket.ts')).toMatch(/getSSTLink\(\) \{[\s\S]*?actions: \["s3:\*"\]/);
    expect(await sstComponentSource('email.ts')).toMatch(/getSSTLink\(\) \{[\s\S]*?actions: \["ses:\*"\]/);
  });

  it('the node builder prepends the banner and forces the externals stacks/function-build.ts models', async () => {
    const binary = await readFile(sstBinaryPath());
    for (const line of [...SST_ESM_BANNER, ...SST_FORCE_EXTERNAL]) expect(binary.includes(line), line).toBe(true);
  });
});
