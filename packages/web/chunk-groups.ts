/**
 * How the web build groups modules into chunks (decisions 054 and 075):
 *  - `first-load`: what every page runs — every module the entry reaches by static imports, every
 *    module two of the main pages share (the listing card, the favourite button …), and a main
 *    page's module that another lazy page imports too (the spinner).
 *  - one chunk per main page (`landing`, `browse`, `detail`): what only that page uses. A visitor
 *    who lands on a listing does not download the landing page, and the reverse. The page's chunk
 *    is fetched beside the first load, not after it: page-preload.ts names it in the HTML.
 *  - everything else (pages behind a click, dialogs, libraries used only there) is split as the
 *    bundler splits dynamic imports.
 * One chunk rather than many small ones because each file on the first load is a request, and on
 * a phone's network a round of them costs a round trip (decision 054); one file also compresses
 * better than its parts.
 */

/** The pages visitors arrive on, by search engines and shared links. `route` is their path in app/router.tsx. */
export const MAIN_PAGES = [
  { name: 'landing', route: '/', module: 'src/features/landing/landing-page.tsx' },
  { name: 'browse', route: '/alle-annonser', module: 'src/features/browse/browse-page.tsx' },
  { name: 'detail', route: '/bedrift/:id', module: 'src/features/listing-detail/detail-page.tsx' },
] as const;

export interface ModuleGraph {
  getModuleInfo(id: string): {
    isEntry: boolean;
    importers: readonly string[];
    dynamicImporters: readonly string[];
    importedIds: readonly string[];
    dynamicallyImportedIds: readonly string[];
  } | null;
}

/** Every module `root` reaches through static imports (and dynamic ones too if `dynamic`), itself included, stopping at `stop`. */
function tree(root: string, graph: ModuleGraph, dynamic = false, stop = new Set<string>()): Set<string> {
  const seen = new Set<string>();
  const stack = [root];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id) || stop.has(id)) continue;
    seen.add(id);
    const info = graph.getModuleInfo(id);
    stack.push(...(info?.importedIds ?? []), ...(dynamic ? (info?.dynamicallyImportedIds ?? []) : []));
  }
  return seen;
}

/** The HTML entry that imports `id`, walking importers (static or dynamic) upwards. */
function entryOf(id: string, graph: ModuleGraph): string | null {
  const seen = new Set<string>();
  const stack = [id];
  while (stack.length) {
    const current = stack.pop()!;
    if (seen.has(current)) continue;
    seen.add(current);
    const info = graph.getModuleInfo(current);
    if (info?.isEntry) return current;
    stack.push(...(info?.importers ?? []), ...(info?.dynamicImporters ?? []));
  }
  return null;
}

interface Trees {
  firstLoad: Set<string>;
  /** Per main page: what it imports statically, and its family — that plus its own lazy parts (dialogs, sections). */
  pages: { name: string; modules: Set<string>; family: Set<string> }[];
}

/** Chunk groups for one build; the module graph is complete when the bundler asks. */
export function chunkGroups(webRoot: string): (id: string, graph: ModuleGraph) => string | null {
  let trees: Trees | null = null;
  const treesOf = (id: string, graph: ModuleGraph): Trees | null => {
    if (trees) return trees;
    const entry = entryOf(id, graph);
    if (!entry) return null;
    const firstLoad = tree(entry, graph);
    const pages = MAIN_PAGES.map(({ name, module }) => {
      const root = `${webRoot}/${module}`;
      return { name, modules: tree(root, graph), family: tree(root, graph, true, firstLoad) };
    });
    return (trees = { firstLoad, pages });
  };
  const assigned = new Map<string, string | null>();
  const visiting = new Set<string>();
  const groupOf = (id: string, graph: ModuleGraph): string | null => {
    const known = assigned.get(id);
    if (known !== undefined) return known;
    const info = graph.getModuleInfo(id);
    // index.html and the script it names (main.tsx) stay the entry chunk, so the manifest keeps its `index.html` entry.
    if (!info || info.isEntry || info.importers.some((importer) => graph.getModuleInfo(importer)?.isEntry === true)) return null;
    const found = treesOf(id, graph);
    if (!found) return null;
    if (found.firstLoad.has(id)) return 'first-load';
    const pages = found.pages.filter(({ modules }) => modules.has(id));
    if (pages.length > 1) return 'first-load';
    const page = pages[0];
    if (!page) return null;
    // Also imported by another lazy page (the spinner, a text): with what every page loads, so that page
    // does not download this main page's whole chunk for it. The page's own dialogs are its family.
    // And an importer that goes to the first load that way takes this module along: left in the page's
    // chunk, the first load would import from it, a cycle in which the page's chunk runs before the first
    // load has defined what it uses ('S is not a function' on every page).
    visiting.add(id);
    const shared = info.importers.some((importer) => !page.family.has(importer) || (!visiting.has(importer) && groupOf(importer, graph) === 'first-load'));
    visiting.delete(id);
    const group = shared ? 'first-load' : page.name;
    assigned.set(id, group);
    return group;
  };
  return groupOf;
}
