/// <reference path="./.sst/platform/config.d.ts" />

/**
 * Bedriftstorget in AWS (docs/architecture.md): one CloudFront router in front of the static web
 * app, the tRPC Lambda at /trpc, the SEO Lambda and the image bucket at /images; PlanetScale for
 * MySQL, Ably for realtime, SES for mail, and the scheduled job. `npx sst deploy --stage NAME`;
 * what a stage gets (region, domain, sender, indexing) is in stacks/stage-settings.ts.
 */
export default $config({
  async app(input) {
    // Only the region here: every command (`sst secret set` too) runs app(), and production's other
    // settings are checked at deploy (stacks/stage-settings.ts), after the steps that come first.
    const { DEPLOY_SETTINGS } = await import('./stacks/stage-settings');
    return {
      name: 'bedriftstorget',
      home: 'aws',
      removal: input?.stage === 'production' ? 'retain' : 'remove',
      protect: input?.stage === 'production',
      // One region for the functions, the bucket and SES: the database's (decision 067).
      // random: the origin secret (stacks/router.ts); its version is the one SST itself uses.
      providers: { aws: { region: DEPLOY_SETTINGS.region }, random: '4.16.6' },
    };
  },
  async run() {
    const { secrets } = await import('./stacks/secrets');
    const { images } = await import('./stacks/storage');
    const { mail, mailDns } = await import('./stacks/mail');
    const { router } = await import('./stacks/router');
    const { api } = await import('./stacks/api');
    const { web } = await import('./stacks/web');
    const { seo } = await import('./stacks/seo');
    const { reviewQueue } = await import('./stacks/review-queue');
    await import('./stacks/mail-events');
    await import('./stacks/alarms');
    return {
      url: router.url,
      // Production: the DNS record for the domain points here (README, Deploy: First deploy).
      distribution: router.nodes.cdn.apply((cdn) => cdn.nodes.distribution.domainName),
      api: api.url,
      web: web.url,
      seo: seo.url,
      images: images.name,
      mailSender: mail.properties.sender,
      mailDns,
      reviewQueue: reviewQueue.nodes.job.name,
      secrets: Object.keys(secrets).join(', '),
    };
  },
});
