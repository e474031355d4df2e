import { describe, expect, it } from 'vitest';
import { chooseAdapters, isLocalDatabaseUrl, linkedCloudResources, opsDatabaseUrl } from '../../infra/ops/target';

const REMOTE = 'mysql://user:pw@aws.connect.psdb.cloud/bedriftstorget?ssl={"rejectUnauthorized":true}';
const LOCAL = 'mysql://root@127.0.0.1:3306/bedriftstorget';

/** What `npx sst shell --stage production` puts in the environment for the linked resources. */
const sstShell = {
  SST_RESOURCE_Router: JSON.stringify({ type: 'sst.aws.Router', url: 'https://bedriftstorget.no' }),
  SST_RESOURCE_ImageBucket: JSON.stringify({ type: 'sst.sst.Linkable', name: 'bedriftstorget-production-imagesbucket-abc' }),
  SST_RESOURCE_Mail: JSON.stringify({ type: 'sst.sst.Linkable', sender: 'noreply@bedriftstorget.no', configSet: 'mail-config' }),
  SST_RESOURCE_AblyKey: JSON.stringify({ type: 'sst.sst.Secret', value: 'app.key:secret' }),
  SST_RESOURCE_DatabaseUrl: JSON.stringify({ type: 'sst.sst.Secret', value: REMOTE }),
};

describe('ops adapters for the database they run against', () => {
  it('tells local databases from remote ones', () => {
    expect(isLocalDatabaseUrl(LOCAL)).toBe(true);
    expect(isLocalDatabaseUrl('mysql://root@localhost/bt')).toBe(true);
    expect(isLocalDatabaseUrl(REMOTE)).toBe(false);
  });

  it('uses the local adapters against the local database', () => {
    expect(chooseAdapters('review-queue', LOCAL, {})).toEqual({ kind: 'local' });
    expect(chooseAdapters('seed', LOCAL, {})).toEqual({ kind: 'local' });
  });

  it('refuses the scheduled jobs against a remote database without sst shell, naming the command to run', () => {
    const choice = chooseAdapters('review-queue', REMOTE, { DATABASE_URL: REMOTE });
    expect(choice.kind).toBe('refuse');
    expect(choice.kind === 'refuse' && choice.message).toContain('npx sst shell --stage production -- npm run ops -- review-queue');
  });

  it('builds the cloud adapters from the resources sst shell links', () => {
    expect(chooseAdapters('review-queue', REMOTE, sstShell)).toEqual({
      kind: 'cloud',
      cloud: {
        appUrl: 'https://bedriftstorget.no', bucket: 'bedriftstorget-production-imagesbucket-abc', documentBucket: '', mailSender: 'noreply@bedriftstorget.no', mailConfigSet: 'mail-config',
        ablyKey: 'app.key:secret', googleClientId: 'placeholder', googleClientSecret: 'placeholder',
      },
    });
    expect(linkedCloudResources({ ...sstShell, SST_RESOURCE_Mail: undefined })).toBeNull();
  });

  it('never seeds a remote database; database-only commands need no adapters', () => {
    expect(chooseAdapters('seed', REMOTE, sstShell).kind).toBe('refuse');
    for (const command of ['migrate', 'grant-admin', 'revoke-admin', 'housekeeping'] as const) {
      expect(chooseAdapters(command, REMOTE, {})).toEqual({ kind: 'database-only' });
    }
  });

  it('takes the database from DATABASE_URL, or from the stage secret under sst shell', () => {
    expect(opsDatabaseUrl({ DATABASE_URL: LOCAL, ...sstShell })).toBe(LOCAL);
    expect(opsDatabaseUrl(sstShell)).toBe(REMOTE);
    expect(opsDatabaseUrl({})).toBeUndefined();
  });
});
