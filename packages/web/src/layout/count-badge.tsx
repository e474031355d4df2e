/** A small count beside a link; '9+' above 9 (SPEC §9). Hidden when there is nothing to count. */
export function CountBadge({ count, label }: { count: number | undefined; label: string }) {
  if (!count) return null;
  return (
    <span className="ml-2 rounded-full bg-brand-700 px-2 py-0.5 text-xs font-bold text-white" aria-label={`${count} ${label}`} data-testid="count-badge">
      {count > 9 ? '9+' : count}
    </span>
  );
}
