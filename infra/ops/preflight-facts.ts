import { senderAddress } from '@bedriftstorget/api/adapters/mailer';
import { DEPLOY_SETTINGS, MAIL_FROM_SUBDOMAIN, PRODUCTION_STAGE } from '../../stacks/stage-settings';
import type { StageFacts } from './preflight-aws';
import type { LinkedCloud } from './target';

/** The stage `sst shell` linked (SST_RESOURCE_App), its region and sender, and production's domain. */
export function stageFacts(cloud: LinkedCloud, env: Record<string, string | undefined>): StageFacts {
  let stage = 'ukjent';
  try {
    stage = (JSON.parse(env.SST_RESOURCE_App ?? '{}') as { stage?: string }).stage ?? stage;
  } catch {
    // Not under sst shell's App resource: the name is only used to find the alarm topics.
  }
  const domain = stage === PRODUCTION_STAGE ? { name: DEPLOY_SETTINGS.production.domain, mailFrom: `${MAIL_FROM_SUBDOMAIN}.${DEPLOY_SETTINGS.production.domain}` } : null;
  return { stage, region: env.AWS_REGION ?? DEPLOY_SETTINGS.region, sender: senderAddress(cloud.mailSender), domain, appUrl: cloud.appUrl };
}
