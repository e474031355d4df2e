import type { ReactNode } from 'react';

/**
 * A box that may scroll (a wide table on a phone): a named region a keyboard can focus and scroll,
 * as axe's scrollable-region-focusable asks.
 */
export function ScrollRegion({ label, className = '', children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className={`${className} focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500`}>
      {children}
    </div>
  );
}
