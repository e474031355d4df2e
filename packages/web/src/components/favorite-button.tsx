import { favorites as texts } from '@bedriftstorget/core/texts/marketplace';
import { useFavoriteIds, useToggleFavorite } from '../lib/use-favorites';

/** The heart on cards and the detail page; a pressed toggle for screen readers. */
export function FavoriteButton({ listingId, className = '' }: { listingId: string; className?: string }) {
  const saved = useFavoriteIds().has(listingId);
  const toggle = useToggleFavorite();
  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={saved ? texts.unsave : texts.save}
      title={saved ? texts.unsave : texts.save}
      onClick={(event) => {
        // Cards are links: the heart must not open the listing.
        event.preventDefault();
        event.stopPropagation();
        toggle(listingId, saved);
      }}
      className={`flex h-10 w-10 items-center justify-center rounded-full bg-white/90 shadow hover:bg-white ${className}`}
    >
      <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill={saved ? '#e11d48' : 'none'} stroke={saved ? '#e11d48' : '#334155'} strokeWidth="2">
        <path d="M12 21s-7.5-4.6-9.5-9.2C1.1 8.4 3.2 5 6.6 5c2 0 3.4 1.1 4.4 2.6C12 6.1 13.4 5 15.4 5c3.4 0 5.5 3.4 4.1 6.8C19.5 16.4 12 21 12 21z" />
      </svg>
    </button>
  );
}
