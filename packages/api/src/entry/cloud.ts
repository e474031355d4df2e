import { Resource } from 'sst';
import { senderAddress } from '../adapters/mailer';
import { loadCloudConfig } from '../config';
import type { Services } from '../context';
import { connectPlanetscale } from '../db/planetscale';
import { createCloudServices } from './services';

let services: Services | null = null;

/** Built once per Lambda instance from the linked resources (see stacks/ and sst-resource.d.ts). */
export function cloudServices(): Services {
  if (services) return services;
  const config = loadCloudConfig({
    databaseUrl: Resource.DatabaseUrl.value,
    imageBucket: Resource.ImageBucket.name,
    documentBucket: Resource.DocumentBucket.name,
    mailFrom: Resource.Mail.sender,
    googleClientId: Resource.GoogleClientId.value,
    googleClientSecret: Resource.GoogleClientSecret.value,
    ablyKey: Resource.AblyKey.value,
    vippsClientId: Resource.VippsClientId.value,
    vippsClientSecret: Resource.VippsClientSecret.value,
    rateLimitKey: Resource.RateLimitKey.value,
  });
  // config.databaseDriver is always 'planetscale' here: the Lambda has no MySQL protocol client.
  services = createCloudServices(config, connectPlanetscale(config.databaseUrl), {
    bucket: Resource.ImageBucket.name,
    documentBucket: Resource.DocumentBucket.name,
    mail: { from: senderAddress(Resource.Mail.sender), configurationSet: Resource.Mail.configSet },
  });
  return services;
}
