import { jsonForScript } from './head';

/**
 * A page's first data in its HTML (decision 053): what the SPA would ask the API for right after
 * its JavaScript has loaded, put into the page by the server that answers the HTML, so the first
 * screen renders without that round trip. Only public queries, whose answer is the same for
 * everyone (decision 080), so nothing personal is ever in a page and the page can be cached. The SPA reads it once, at start (web/src/app/first-data.ts).
 */
export const FIRST_DATA_ID = 'bt-forhandsdata';

/** One tRPC query's answer: the procedure's path, its input and what it returned. */
export interface FirstData {
  path: string;
  input: unknown;
  data: unknown;
}

/** A `<script type="application/json">`: never run (CSP needs no hash), and no text can end it early. */
export function firstDataTag(entries: FirstData[]): string {
  return `<script type="application/json" id="${FIRST_DATA_ID}">${jsonForScript(entries)}</script>`;
}
