/**
 * Goes through the local Vipps's pages as a browser would, over HTTP with its cookies: the
 * authorization URL, the test person's button, then 'Bekreft' on the sharing page. Returns the URL
 * Vipps sends the browser back to (the app's callback with code, state and iss, or an error).
 */
export async function signInAtLocalVipps(authorizationUrl: string, personId: string, options: { confirm?: boolean } = {}): Promise<URL> {
  const jar = new Map<string, string>();
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...rest] = pair!.split('=');
      jar.set(name!.trim(), rest.join('='));
    }
  };
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  let url = new URL(authorizationUrl);
  let form: URLSearchParams | null = null;
  for (let hop = 0; hop < 12; hop += 1) {
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: cookie(), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: form ?? undefined,
    });
    remember(response);
    form = null;
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.origin !== url.origin && !next.pathname.startsWith('/access-management')) return next;
      url = next;
      continue;
    }
    const html = await response.text();
    if (response.status !== 200) throw new Error(`Vipps answered ${response.status}: ${html.slice(0, 200)}`);
    const action = /action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error('no form on the Vipps page');
    url = new URL(action, url);
    if (html.includes('name="person"')) form = new URLSearchParams({ person: personId });
    else form = new URLSearchParams(options.confirm === false ? { avbryt: '1' } : { bekreft: '1' });
  }
  throw new Error('too many redirects at the local Vipps');
}
