import type { VippsConfig } from '@bedriftstorget/api/config';
import { VIPPS_CALLBACK_PATH } from '@bedriftstorget/api/auth/vipps';
import { LOCAL_CLIENT } from './people';
import { startLocalVipps, type LocalVipps } from './server';

/** The local Vipps with the app as its one client, and the app's Vipps configuration for it. */
export async function startLocalVippsFor(appUrl: string, port = 0): Promise<{ vipps: LocalVipps; config: VippsConfig }> {
  const vipps = await startLocalVipps({ ...LOCAL_CLIENT, redirectUris: [`${appUrl}${VIPPS_CALLBACK_PATH}`] }, { port });
  return { vipps, config: { issuer: vipps.issuer, ...LOCAL_CLIENT } };
}
