import { Google, decodeIdToken, generateCodeVerifier, generateState } from 'arctic';

/** What we need of an identity provider; the real one talks to Google, tests use a stand-in. */
export interface GoogleIdentity {
  sub: string;
  email: string;
  emailVerified: boolean;
}

export interface GoogleOAuth {
  /** Builds the authorization URL (PKCE S256) and the state and verifier to keep in cookies. */
  start(): { url: URL; state: string; codeVerifier: string };
  /** Exchanges the callback's code for the signed-in Google identity. */
  finish(code: string, codeVerifier: string): Promise<GoogleIdentity>;
}

export function createGoogleOAuth(clientId: string, clientSecret: string, redirectUri: string): GoogleOAuth {
  const google = new Google(clientId, clientSecret, redirectUri);
  return {
    start() {
      const state = generateState();
      const codeVerifier = generateCodeVerifier();
      const url = google.createAuthorizationURL(state, codeVerifier, ['openid', 'email', 'profile']);
      return { url, state, codeVerifier };
    },
    async finish(code, codeVerifier) {
      const tokens = await google.validateAuthorizationCode(code, codeVerifier);
      // The ID token comes straight from Google's token endpoint over TLS, so its claims can be read as is.
      const claims = decodeIdToken(tokens.idToken()) as { sub?: unknown; email?: unknown; email_verified?: unknown };
      if (typeof claims.sub !== 'string' || typeof claims.email !== 'string') {
        throw new Error('Google ID token without sub or email');
      }
      return { sub: claims.sub, email: claims.email.toLowerCase(), emailVerified: claims.email_verified === true };
    },
  };
}
