import type { Badge } from '@bedriftstorget/core/listing/rules';
import { card } from '@bedriftstorget/core/texts/marketplace';

const STYLES: Record<Badge, string> = {
  Solgt: 'bg-red-600 text-white',
  // emerald-700: white on it is 5.5:1 (emerald-600 was 3.65:1, under WCAG AA's 4.5:1).
  Ny: 'bg-emerald-700 text-white',
  Populær: 'bg-amber-400 text-slate-900',
  // indigo-700: white on it is 8.7:1.
  'Under bud': 'bg-indigo-700 text-white',
};

export function Badges({ badges }: { badges: Badge[] }) {
  if (badges.length === 0) return null;
  return (
    <ul className="flex gap-1.5" aria-label={card.badges}>
      {badges.map((badge) => (
        <li key={badge} className={`rounded-full px-2.5 py-0.5 text-xs font-bold ${STYLES[badge]}`}>{badge}</li>
      ))}
    </ul>
  );
}
