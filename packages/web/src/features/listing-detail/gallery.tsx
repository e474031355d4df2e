import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { gallery as texts } from '@bedriftstorget/core/texts/marketplace';
import { useSwipe } from './use-swipe';
import { IMAGE_SIZES, ListingImage } from '../../components/listing-image';
import { lazyDialog } from '../../components/lazy-dialog';

const THUMBNAILS = 4;

/** The full-screen viewer's code (Radix Dialog) loads at idle or on the first opening (decision 042). */
const Viewer = lazyDialog(() => import('./gallery-viewer').then((m) => m.Viewer));

export function ArrowButton({ direction, onClick, label }: { direction: 'left' | 'right'; onClick: () => void; label: string }) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className={`absolute top-1/2 -translate-y-1/2 ${direction === 'left' ? 'left-3' : 'right-3'} flex h-10 w-10 items-center justify-center rounded-full bg-white/90 text-xl shadow hover:bg-white`}
    >
      <span aria-hidden="true">{direction === 'left' ? '‹' : '›'}</span>
    </button>
  );
}

/**
 * Main image with counter, up to four thumbnails and a full-screen viewer (docs/product.md, 'Listing detail').
 * Controls only with more than one image; arrow keys, Escape and swipes work; dots on phones.
 */
export function Gallery({ images, title, overlay }: { images: string[]; title: string; overlay?: ReactNode }) {
  const [index, setIndex] = useState(0);
  const [viewerOpen, setViewerOpen] = useState(false);
  const total = images.length;
  const many = total > 1;
  const previous = () => setIndex((i) => (i - 1 + total) % total);
  const next = () => setIndex((i) => (i + 1) % total);
  const swipe = useSwipe(previous, next);
  const onKeyDown = (event: KeyboardEvent) => {
    if (!many) return;
    if (event.key === 'ArrowLeft') previous();
    if (event.key === 'ArrowRight') next();
  };

  if (total === 0) {
    return (
      <div className="relative flex aspect-[3/2] items-center justify-center rounded-2xl bg-slate-200 text-slate-500">
        {texts.none}
        {overlay}
      </div>
    );
  }

  return (
    <section aria-roledescription="bildegalleri" aria-label={title} className="flex flex-col gap-3">
      <div
        className="relative aspect-[3/2] overflow-hidden rounded-2xl bg-slate-200 outline-none"
        tabIndex={many ? 0 : -1}
        onKeyDown={onKeyDown}
        {...swipe}
      >
        <button type="button" className="h-full w-full cursor-zoom-in" onClick={() => setViewerOpen(true)} aria-label={texts.viewerCounter(index + 1, total)}>
          <ListingImage url={images[index]!} alt={texts.alt(title, index + 1)} sizes={IMAGE_SIZES.gallery} priority={index === 0} className="h-full w-full object-cover" />
        </button>
        {overlay}
        {many && (
          <>
            <ArrowButton direction="left" onClick={previous} label={texts.previous} />
            <ArrowButton direction="right" onClick={next} label={texts.next} />
            <p className="absolute bottom-3 right-3 rounded-full bg-slate-900/70 px-3 py-1 text-sm font-semibold text-white" aria-live="polite">
              {texts.counter(index + 1, total)}
            </p>
            <div className="absolute bottom-3 left-1/2 flex -translate-x-1/2 gap-1.5 md:hidden" aria-hidden="true">
              {images.map((image, i) => <span key={image} className={`h-2 w-2 rounded-full ${i === index ? 'bg-white' : 'bg-white/50'}`} />)}
            </div>
          </>
        )}
      </div>
      {many && (
        <div className="flex items-center gap-2">
          <ul className="hidden gap-2 md:flex">
            {images.slice(0, THUMBNAILS).map((image, i) => (
              <li key={image}>
                <button
                  type="button"
                  aria-label={texts.thumbnail(i + 1)}
                  aria-current={i === index}
                  onClick={() => setIndex(i)}
                  className={`block h-16 w-24 overflow-hidden rounded-lg border-2 ${i === index ? 'border-brand-600' : 'border-transparent opacity-80 hover:opacity-100'}`}
                >
                  <ListingImage url={image} alt="" sizes={IMAGE_SIZES.thumbnail} className="h-full w-full object-cover" />
                </button>
              </li>
            ))}
          </ul>
          {total > THUMBNAILS && (
            <>
              <button type="button" onClick={() => setViewerOpen(true)} className="ml-auto hidden text-sm font-semibold text-brand-700 hover:underline md:block">{texts.seeAll}</button>
              <button type="button" onClick={() => setViewerOpen(true)} className="text-sm font-semibold text-brand-700 hover:underline md:hidden">{texts.showAll}</button>
            </>
          )}
        </div>
      )}
      <Viewer open={viewerOpen} onOpenChange={setViewerOpen} images={images} title={title} index={index} onPrevious={previous} onNext={next} />
    </section>
  );
}
