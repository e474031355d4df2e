/**
 * A small count beside a link; '9+' above 9 (docs/product.md, 'Navigation'). Hidden when there is nothing to count.
 * The digits are hidden from screen readers, which hear `spoken` instead (', 2 uleste meldinger',
 * not 'Meldinger2').
 */
export function CountBadge({ count, spoken, className = 'ml-2' }: { count: number | undefined; spoken: (n: number) => string; className?: string }) {
  if (!count) return null;
  return (
    <>
      <span aria-hidden="true" className={`${className} rounded-full bg-brand-700 px-2 py-0.5 text-xs font-bold text-white`} data-testid="count-badge">
        {count > 9 ? '9+' : count}
      </span>
      <span className="sr-only">{`, ${spoken(count)}`}</span>
    </>
  );
}
