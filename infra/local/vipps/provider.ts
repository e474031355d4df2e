/**
 * The local Vipps's OpenID provider (decision 118): oidc-provider, configured as Vipps MobilePay's
 * Login API is — the issuer path `/access-management-1.0/access/`, `oauth2/auth` and `oauth2/token`,
 * RS256 ID tokens, `client_secret_basic`, PKCE, pairwise subjects and Vipps's scopes and claims.
 * The endpoints are the library's; only the people (people.ts) and the pages (login-page.ts) are ours.
 */
import Provider, { type Configuration } from 'oidc-provider';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { pairwiseSub, type TestPerson } from './people';

export const ISSUER_PATH = '/access-management-1.0/access';
/** Vipps serves userinfo outside the issuer's path; the wrapper (server.ts) routes it here. */
export const USERINFO_PATH = '/vipps-userinfo-api/userinfo';
export const LOGIN_PAGE_PATH = '/vipps-login';

/** Vipps's scopes and the claims each gives (its userinfo documentation); `nin` is never asked for by the app. */
export const VIPPS_CLAIMS = {
  openid: ['sub'],
  name: ['name', 'given_name', 'family_name'],
  email: ['email', 'email_verified'],
  phoneNumber: ['phone_number'],
  birthDate: ['birthdate'],
} as const;

export interface ProviderClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

export interface SigningKey {
  privateJwk: JWK;
  kid: string;
}

export async function createSigningKey(): Promise<SigningKey> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = `lokal-${crypto.randomUUID().slice(0, 8)}`;
  return { privateJwk: { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' }, kid };
}

export function createVippsProvider(issuer: string, client: ProviderClient, key: SigningKey, people: Map<string, TestPerson>): Provider {
  const configuration: Configuration = {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: client.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
        id_token_signed_response_alg: 'RS256',
        subject_type: 'pairwise',
      },
    ],
    jwks: { keys: [key.privateJwk] },
    scopes: Object.keys(VIPPS_CLAIMS),
    claims: Object.fromEntries(Object.entries(VIPPS_CLAIMS).map(([scope, claims]) => [scope, [...claims]])),
    subjectTypes: ['public', 'pairwise'],
    pairwiseIdentifier: (_ctx, accountId, forClient) => Promise.resolve(pairwiseSub(accountId, forClient.clientId)),
    // Every client must send PKCE (S256), as the app does; Vipps accepts it.
    pkce: { required: () => true },
    responseTypes: ['code'],
    clientAuthMethods: ['client_secret_basic', 'client_secret_post'],
    enabledJWA: { idTokenSigningAlgValues: ['RS256'] },
    routes: { authorization: '/oauth2/auth', token: '/oauth2/token', jwks: '/.well-known/jwks.json', userinfo: '/userinfo' },
    features: { devInteractions: { enabled: false }, userinfo: { enabled: true }, rpInitiatedLogout: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `${LOGIN_PAGE_PATH}/${interaction.uid}` },
    cookies: { keys: [crypto.randomUUID()] },
    // Vipps's access token lives ten minutes; its ID token as long.
    ttl: { AccessToken: 600, AuthorizationCode: 300, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
    findAccount: (_ctx, id) => {
      const person = people.get(id);
      if (!person) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          name: `${person.givenName} ${person.familyName}`,
          given_name: person.givenName,
          family_name: person.familyName,
          email: person.email,
          email_verified: true,
          phone_number: person.phone,
          birthdate: person.birthdate,
        }),
      };
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = `<!doctype html><meta charset="utf-8"><title>Vipps (lokal)</title><p>Noe gikk galt: ${escapeHtml(String(out.error_description ?? out.error))}</p>`;
    },
  };
  const provider = new Provider(issuer, configuration);
  // Vipps's discovery document names its userinfo endpoint outside the issuer's path.
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.path === '/.well-known/openid-configuration' && ctx.body && typeof ctx.body === 'object') {
      const body = ctx.body as Record<string, unknown>;
      body.userinfo_endpoint = new URL(USERINFO_PATH, issuer).href;
      body.claims_supported = Object.values(VIPPS_CLAIMS).flat();
      body.scopes_supported = Object.keys(VIPPS_CLAIMS);
    }
  });
  return provider;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
