import { useEffect, useState, type FormEvent } from 'react';

import { useReviewPromise } from '../../lib/use-review-promise';
import { Link } from '../../router/link';
import { SEARCH_MAX_LENGTH } from '@bedriftstorget/core/listing/browse-url';
import { browse as texts } from '@bedriftstorget/core/texts/marketplace';
import { brand } from '@bedriftstorget/core/texts/nb';
import { Button, buttonClass } from '../../components/button';
import { ListingCard } from '../../components/listing-card';
import { CardGridSkeleton } from '../../components/skeletons';
import { LoadError } from '../../components/load-error';
import { FilterDrawer } from './filter-drawer';
import { FilterFields, SortSelect } from './filters';
import { SaveSearchButton } from '../saved-searches/save-search-button';
import { browseQuery, noFilters, savedFiltersOf, useBrowseParams } from './use-browse-params';
import { resultCountText } from './shown-total';
import { useBrowseResults } from './use-browse-results';
import { useHideOnScroll } from './use-hide-on-scroll';

const HIDE_SEARCH_AFTER_PX = 24;

/** /alle-annonser: search, filters and sort run on the server; the state is in the URL. */
export function BrowsePage() {
  const { params, update, activeFilters } = useBrowseParams();
  const searchHidden = useHideOnScroll(HIDE_SEARCH_AFTER_PX);
  const { query: result, items, total, countFailed } = useBrowseResults(browseQuery(params));
  const promiseHours = useReviewPromise();

  useEffect(() => {
    document.title = `${texts.heroTitle} – ${brand}`;
  }, []);

  return (
    <main id="innhold" className="flex-1">
      <section className="bg-gradient-to-br from-brand-900 to-brand-700 px-4 py-10 text-white">
        <div className="mx-auto max-w-7xl">
          <h1 className="text-3xl font-extrabold md:text-4xl">{texts.heroTitle}</h1>
          <p className="mt-2 text-brand-100">{texts.heroText}</p>
        </div>
      </section>

      <div
        className={`sticky z-30 border-b border-slate-200 bg-white/95 px-4 py-3 backdrop-blur transition-transform md:static md:translate-y-0 ${searchHidden ? '-translate-y-[200%]' : ''}`}
        style={{ top: 'var(--header-height)' }}
      >
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-2">
          {/* Keyed by the URL's q, so Back/Forward reset the box to what was searched. */}
          <SearchBox key={params.q} initial={params.q} onSearch={(q) => update({ q })} />
          <div className="flex w-full items-center justify-between gap-2 md:hidden">
            {/* While the previous search's answer stands in, its count is not these filters': no number. */}
            <FilterDrawer params={params} update={update} activeFilters={activeFilters} hits={result.isPlaceholderData ? undefined : total} />
            <SortSelect params={params} update={update} id="sort-mobile" />
          </div>
        </div>
      </div>

      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-8 px-4 py-8 md:grid-cols-[240px_minmax(0,1fr)]">
        <aside className="hidden flex-col gap-4 md:flex" aria-label={texts.filters}>
          <FilterFields params={params} update={update} idPrefix="side" />
          {activeFilters > 0 && (
            <button type="button" className="text-left text-sm text-brand-700 hover:underline" onClick={() => update(noFilters)}>
              {texts.resetFilters}
            </button>
          )}
        </aside>

        <section aria-live="polite" aria-busy={result.isFetching}>
          {/* The cards' titles are h3: the results need their h2 (axe heading-order). */}
          <h2 className="sr-only">{texts.resultsHeading}</h2>
          <div className="mb-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
            <p className="text-sm text-slate-600" data-testid="result-count">
              {result.data ? resultCountText(items.length, total, countFailed) : '\u00a0'}
            </p>
            {result.data && <p className="w-full text-xs text-slate-500 sm:w-auto">{texts.countIncludesSold}</p>}
            <div className="flex items-center gap-2">
              <SaveSearchButton filters={savedFiltersOf(params)} />
              <div className="hidden md:block"><SortSelect params={params} update={update} id="sort-desktop" /></div>
            </div>
          </div>

          {result.isPending ? (
            <CardGridSkeleton />
          ) : result.isError ? (
            <LoadError message={texts.loadFailed} retryLabel={texts.retry} onRetry={() => void result.refetch()} />
          ) : items.length === 0 ? (
            <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
              <h2 className="text-xl font-bold">{texts.emptyTitle}</h2>
              <p className="mt-2 text-slate-600">{texts.emptyText}</p>
              <div className="mt-5 flex flex-wrap justify-center gap-2">
                {params.q && <Button variant="secondary" onClick={() => update({ q: '' })}>{texts.resetSearch}</Button>}
                {activeFilters > 0 && <Button variant="secondary" onClick={() => update(noFilters)}>{texts.resetFilters}</Button>}
              </div>
            </div>
          ) : (
            <>
              <ul className={`grid grid-cols-1 gap-6 sm:grid-cols-2 xl:grid-cols-3 ${result.isPlaceholderData ? 'opacity-60' : ''}`}>
                {items.map((listing, i) => (
                  <li key={listing.id}><ListingCard listing={listing} priority={i < 2} /></li>
                ))}
              </ul>
              <nav aria-label={texts.pages} className="mt-8 flex justify-center gap-3">
                {params.cursor && <Button variant="secondary" onClick={() => update({ cursor: undefined })}>{texts.firstPage}</Button>}
                {/* More results below the ones read: the position and focus stay. */}
                {result.hasNextPage && (
                  <Button disabled={result.isFetchingNextPage} onClick={() => void result.fetchNextPage()}>{texts.showMore}</Button>
                )}
              </nav>
            </>
          )}
        </section>
      </div>

      <section className="bg-brand-50 px-4 py-12">
        <div className="mx-auto flex max-w-4xl flex-col items-center gap-3 text-center">
          <h2 className="text-2xl font-bold">{texts.ctaTitle}</h2>
          <p className="text-slate-700">{texts.ctaText(promiseHours)}</p>
          <Link to="/legg-ut-annonse" className={buttonClass('primary', 'mt-2')}>{texts.ctaButton}</Link>
        </div>
      </section>
    </main>
  );
}

function SearchBox({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text);
  };
  return (
    <form role="search" onSubmit={submit} className="flex min-w-0 flex-1 gap-2">
      <label htmlFor="browse-search" className="sr-only">{texts.searchLabel}</label>
      <input
        id="browse-search"
        type="search"
        maxLength={SEARCH_MAX_LENGTH}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={texts.searchPlaceholder}
        className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2"
      />
      <Button type="submit">{texts.searchLabel}</Button>
    </form>
  );
}
