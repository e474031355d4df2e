/// <reference path="./.sst/platform/config.d.ts" />

/**
 * Bedriftstorget in AWS (DESIGN.md §5): one CloudFront router in front of the static web app,
 * the tRPC Lambda at /trpc and the image bucket at /images; PlanetScale for MySQL, Ably for
 * realtime, SES for mail, and the scheduled job. `npx sst deploy --stage NAME`.
 */
export default $config({
  app(input) {
    return {
      name: 'bedriftstorget',
      home: 'aws',
      removal: input?.stage === 'production' ? 'retain' : 'remove',
      protect: input?.stage === 'production',
      // random: the origin secret (stacks/router.ts); its version is the one SST itself uses.
      providers: { aws: { region: 'eu-north-1' }, random: '4.16.6' },
    };
  },
  async run() {
    const { secrets } = await import('./stacks/secrets');
    const { images } = await import('./stacks/storage');
    const { mail, mailDkimRecords } = await import('./stacks/mail');
    const { router } = await import('./stacks/router');
    const { api } = await import('./stacks/api');
    const { web } = await import('./stacks/web');
    const { seo } = await import('./stacks/seo');
    const { reviewQueue } = await import('./stacks/review-queue');
    await import('./stacks/alarms');
    return {
      url: router.url,
      api: api.url,
      web: web.url,
      seo: seo.url,
      images: images.name,
      mailSender: mail.sender,
      mailDkim: mailDkimRecords,
      reviewQueue: reviewQueue.nodes.job.name,
      secrets: Object.keys(secrets).join(', '),
    };
  },
});
