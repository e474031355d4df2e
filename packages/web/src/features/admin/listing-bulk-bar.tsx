import type { BulkAction } from '@bedriftstorget/core/admin/schemas';
import { adminCommon, adminListings as texts } from '@bedriftstorget/core/texts/admin';
import { Button } from '../../components/button';

/** Shown with a selection: 'N valgt' and the five bulk buttons (docs/product.md, 'Admin details'). */
export function ListingBulkBar({ count, busy, onAction, onDelete }: { count: number; busy: boolean; onAction: (action: Exclude<BulkAction, 'delete'>) => void; onDelete: () => void }) {
  if (count === 0) return null;
  const small = 'px-3 py-1.5';
  return (
    <div role="toolbar" aria-label={adminCommon.selection} className="mb-3 flex flex-wrap items-center gap-2 rounded-xl border border-brand-100 bg-brand-50 px-4 py-2">
      <span className="mr-2 font-semibold">{adminCommon.selected(count)}</span>
      <Button variant="secondary" className={small} disabled={busy} onClick={() => onAction('active')}>{texts.setActive}</Button>
      <Button variant="secondary" className={small} disabled={busy} onClick={() => onAction('sold')}>{texts.markSold}</Button>
      <Button variant="secondary" className={small} disabled={busy} onClick={() => onAction('feature')}>{texts.feature}</Button>
      <Button variant="secondary" className={small} disabled={busy} onClick={() => onAction('archive')}>{texts.archive}</Button>
      <Button variant="danger" className={small} disabled={busy} onClick={onDelete}>{texts.delete}</Button>
    </div>
  );
}
