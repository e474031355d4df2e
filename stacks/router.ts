/** One origin for everything: the routes are added by api.ts, storage and web.ts. */
export const router = new sst.aws.Router('Router');
