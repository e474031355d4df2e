/**
 * The HTTP side of `ops smoke`: tRPC's own wire format over fetch (a call is `POST /trpc/<path>`
 * with the input as JSON, a query `GET /trpc/<path>?input=…`), the Origin a browser on the site
 * sends, and the session cookie kept as a browser keeps it.
 */
export class SmokeError extends Error {}

export class SiteClient {
  private cookie = '';
  constructor(readonly url: string) {}

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    return { origin: this.url, 'content-type': 'application/json', ...(this.cookie ? { cookie: this.cookie } : {}), ...extra };
  }

  private keepCookies(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      if (pair && pair.startsWith('bt_session=')) this.cookie = /=\s*$/.test(pair) || /max-age=0/i.test(line) ? '' : pair;
    }
  }

  async call<T>(path: string, input: unknown): Promise<T> {
    const response = await fetch(`${this.url}/trpc/${path}`, { method: 'POST', headers: this.headers(), body: JSON.stringify(input) });
    return this.answer<T>(path, response);
  }

  async query<T>(path: string, input: unknown): Promise<{ data: T; response: Response }> {
    const response = await fetch(`${this.url}/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers: this.headers() });
    return { data: await this.answer<T>(path, response.clone()), response };
  }

  private async answer<T>(path: string, response: Response): Promise<T> {
    this.keepCookies(response);
    const text = await response.text();
    if (!response.ok) throw new SmokeError(`${path}: HTTP ${response.status} ${text.slice(0, 300)}`);
    return (JSON.parse(text) as { result: { data: T } }).result.data;
  }

  get(path: string, headers: Record<string, string> = {}): Promise<Response> {
    return fetch(`${this.url}${path}`, { headers: { ...headers, ...(this.cookie ? { cookie: this.cookie } : {}) }, redirect: 'manual' });
  }

  post(path: string, headers: Record<string, string>): Promise<Response> {
    return fetch(`${this.url}${path}`, { method: 'POST', headers: this.headers(headers), body: '{}' });
  }
}

/** A presigned POST as the browser sends it: the policy's fields, then the file. */
export async function postToBucket(site: SiteClient, grant: { url: string; fields: Record<string, string> }, bytes: Uint8Array, type: string): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(grant.fields)) form.append(name, value);
  form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type }));
  const target = grant.url.startsWith('/') ? `${site.url}${grant.url}` : grant.url;
  const response = await fetch(target, { method: 'POST', body: form });
  if (response.status >= 300) throw new SmokeError(`upload to ${target}: HTTP ${response.status} ${(await response.text()).slice(0, 300)}`);
}
