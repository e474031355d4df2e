import type { Badge } from '@bedriftstorget/core/listing/rules';

const STYLES: Record<Badge, string> = {
  Solgt: 'bg-red-600 text-white',
  Ny: 'bg-emerald-600 text-white',
  Populær: 'bg-amber-400 text-slate-900',
};

export function Badges({ badges }: { badges: Badge[] }) {
  if (badges.length === 0) return null;
  return (
    <ul className="flex gap-1.5" aria-label="Merker">
      {badges.map((badge) => (
        <li key={badge} className={`rounded-full px-2.5 py-0.5 text-xs font-bold ${STYLES[badge]}`}>{badge}</li>
      ))}
    </ul>
  );
}
