import { lazy, useEffect, useState, type FormEvent } from 'react';
import { prefetchPath } from '../../app/prefetch';
import { routes } from '../../app/router';
import { useNavigate } from '../../router/location';
import { SEARCH_MAX_LENGTH } from '@bedriftstorget/core/listing/browse-url';
import { brand, landing } from '@bedriftstorget/core/texts/nb';
import { SiteFooter } from '../../layout/site-footer';
import { SiteHeader } from '../../layout/site-header';
import { WhenNear } from '../../components/when-near';
import { ForSaleNow } from './for-sale-now';
import { HowSection, InfoSections, SafeSection, SellSection } from './sections';
import { useHashTarget } from './use-hash-target';

// Below the fold, with its form libraries (react-hook-form, zod): loaded as it comes near (decision 021).
const ValuationSection = lazy(() => import('../valuation/valuation-section').then((m) => ({ default: m.ValuationSection })));

/** The landing page; its header is always the public bar, transparent over the hero. */
export function LandingPage() {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  useHashTarget();
  useEffect(() => {
    document.title = `${brand} – kjøp og salg av bedrifter`;
  }, []);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const text = query.trim();
    navigate(text ? `/alle-annonser?q=${encodeURIComponent(text)}` : '/alle-annonser');
  };
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader overHero />
      <main id="innhold">
        <section className="bg-gradient-to-br from-brand-900 via-brand-700 to-brand-500 px-4 pb-24 pt-40 text-white">
          <div className="mx-auto max-w-3xl text-center">
            <h1 className="text-4xl font-extrabold tracking-tight md:text-5xl">{landing.heroTitle}</h1>
            <p className="mt-4 text-lg text-brand-100">{landing.heroText}</p>
            {/* Focus on the search is the intent to browse: the browse page's chunk loads while one types (decision 021). */}
            <form role="search" onSubmit={onSubmit} onFocus={() => prefetchPath(routes, '/alle-annonser')} className="mx-auto mt-8 flex max-w-xl gap-2 rounded-xl bg-white p-2 shadow-lg">
              <label htmlFor="hero-search" className="sr-only">{landing.searchLabel}</label>
              <input
                id="hero-search"
                type="search"
                maxLength={SEARCH_MAX_LENGTH}
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                placeholder={landing.searchPlaceholder}
                className="min-w-0 flex-1 rounded-lg px-3 py-2 text-slate-900 outline-none"
              />
              <button type="submit" className="rounded-lg bg-accent-500 px-5 py-2 font-semibold text-slate-900 hover:bg-amber-400">{landing.searchLabel}</button>
            </form>
          </div>
        </section>
        <SellSection />
        <ForSaleNow />
        <HowSection />
        <section id="verdivurdering" aria-labelledby="verdivurdering-tittel" className="scroll-mt-16 bg-brand-50 px-4 py-16 outline-none">
          <div className="mx-auto max-w-3xl">
            <WhenNear placeholderClass="min-h-[1100px] md:min-h-[640px]"><ValuationSection /></WhenNear>
          </div>
        </section>
        <SafeSection />
        <InfoSections />
      </main>
      <SiteFooter />
    </div>
  );
}
