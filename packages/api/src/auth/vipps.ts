import type * as Client from 'openid-client';

/**
 * openid-client with jose and oauth4webapi is ~45 KB minified: installed beside the Lambda bundle and
 * loaded at the first Vipps sign-in, not at a cold start (stacks/function-build.ts, decision 119).
 */
const loadClient = () => import('openid-client');

/**
 * Vipps MobilePay's Login API (OpenID Connect, decision 119) through openid-client: discovery from
 * the issuer, the code flow with state, nonce and PKCE (S256), `client_secret_basic`, and the ID
 * token checked by the library — its RS256 signature against the provider's JWKS (non-repudiation
 * checks on), issuer, audience, expiry and nonce — before userinfo is read for the same `sub`.
 */
/** Where Vipps sends the browser back: the web app's page, which hands the query to `vipps.callback`. */
export const VIPPS_CALLBACK_PATH = '/auth/vipps/callback';

/**
 * Only what the account uses: the name, the address and the phone. No birth date: nothing reads it,
 * and what is not needed is not asked for (the consent screen lists every scope to the person).
 */
export const VIPPS_SCOPES = 'openid name email phoneNumber';

/** The person as Vipps vouches for them (BankID-verified name and phone; no national identity number is asked for). */
export interface VippsIdentity {
  /** Pairwise: Vipps's id of this person for this merchant only. */
  sub: string;
  name: string;
  email: string;
  emailVerified: boolean;
  /** As Vipps sends it, country code first without '+': 4791234567. */
  phone: string | null;
}

export interface VippsChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface VippsLogin {
  start(): Promise<{ url: string; checks: VippsChecks }>;
  /** `callbackUrl`: the redirect URI with the query Vipps sent the browser back with. Throws on any failed check. */
  finish(callbackUrl: URL, checks: VippsChecks): Promise<VippsIdentity>;
}

export interface VippsSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** Plain http to the issuer: the local Vipps on loopback only. */
  allowHttp?: boolean;
}

/** Vipps asks every caller to name itself in these headers (its 'HTTP headers' guideline). */
export const VIPPS_SYSTEM_HEADERS = {
  'Vipps-System-Name': 'bedriftstorget',
  'Vipps-System-Version': '1.0.0',
  'Vipps-System-Plugin-Name': 'bedriftstorget-api',
  'Vipps-System-Plugin-Version': '1.0.0',
} as const;

const withSystemHeaders: Client.CustomFetch = (url, options) => {
  const headers = new Headers(options.headers);
  for (const [name, value] of Object.entries(VIPPS_SYSTEM_HEADERS)) headers.set(name, value);
  return fetch(url, { ...options, headers } as RequestInit);
};

export function createVippsLogin(settings: VippsSettings): VippsLogin {
  let discovered: Promise<Client.Configuration> | null = null;
  // Discovery once per process (a Lambda instance); a failure is retried at the next sign-in.
  const configuration = () => {
    discovered ??= loadClient().then((client) => client
      .discovery(new URL(settings.issuer), settings.clientId, { id_token_signed_response_alg: 'RS256' }, client.ClientSecretBasic(settings.clientSecret), {
        execute: settings.allowHttp ? [client.allowInsecureRequests] : [],
        [client.customFetch]: withSystemHeaders,
      })
      .then((config) => {
        config[client.customFetch] = withSystemHeaders;
        client.enableNonRepudiationChecks(config);
        return config;
      }))
      .catch((error: unknown) => {
        discovered = null;
        throw error;
      });
    return discovered;
  };
  return {
    async start() {
      const [client, config] = await Promise.all([loadClient(), configuration()]);
      const checks: VippsChecks = { state: client.randomState(), nonce: client.randomNonce(), codeVerifier: client.randomPKCECodeVerifier() };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUri,
        scope: VIPPS_SCOPES,
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
      });
      return { url: url.href, checks };
    },
    async finish(callbackUrl, checks) {
      const [client, config] = await Promise.all([loadClient(), configuration()]);
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const sub = tokens.claims()!.sub;
      const info = await client.fetchUserInfo(config, tokens.access_token, sub);
      if (typeof info.name !== 'string' || typeof info.email !== 'string') throw new Error('Vipps userinfo without name or email');
      return {
        sub,
        name: info.name.trim(),
        email: info.email.trim().toLowerCase(),
        emailVerified: info.email_verified === true,
        phone: typeof info.phone_number === 'string' ? info.phone_number : null,
      };
    },
  };
}
