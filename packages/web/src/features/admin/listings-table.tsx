import { formatDate } from '@bedriftstorget/core/format/nb';
import { industryLabels } from '@bedriftstorget/core/listing/labels';
import { amountText } from '@bedriftstorget/core/listing/rules';
import { adminCommon, adminListings as texts } from '@bedriftstorget/core/texts/admin';
import { Link } from '../../router/link';
import { AdminTable, denseTdClass as tdClass, EmptyRow, SelectBox, Th } from './admin-table';
import { StatusBadge } from './badges';
import type { AdminListingRow } from './types';
import type { useSelection } from './use-selection';

export interface RowActions {
  edit: (row: AdminListingRow) => void;
  setActive: (row: AdminListingRow) => void;
  archive: (row: AdminListingRow) => void;
  remove: (row: AdminListingRow) => void;
}

const actionClass = 'rounded-md px-2 py-1 text-xs font-semibold hover:bg-slate-100 disabled:text-slate-400';

/** The columns of docs/product.md ('Admin'): checkbox, Tittel, Bransje, Sted, Oms, Resultat, Status, Fremhevet, Opprettet, Handlinger. */
export function ListingsTable({ rows, selection, actions, busy }: { rows: AdminListingRow[]; selection: ReturnType<typeof useSelection>; actions: RowActions; busy: boolean }) {
  const c = texts.columns;
  return (
    <AdminTable label={texts.title} busy={busy}>
      <thead>
        <tr>
          <Th dense className="w-10">
            <SelectBox label={adminCommon.selectAll} checked={selection.allChecked} indeterminate={selection.someChecked} onChange={selection.setAll} />
          </Th>
          <Th dense>{c.title}</Th>
          <Th dense>{c.industry}</Th>
          <Th dense>{c.location}</Th>
          <Th dense className="text-right">{c.revenue}</Th>
          <Th dense className="text-right">{c.profit}</Th>
          <Th dense>{c.status}</Th>
          <Th dense>{c.featured}</Th>
          <Th dense>{c.created}</Th>
          <Th dense>{c.actions}</Th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 && <EmptyRow columns={10} text={texts.empty} />}
        {rows.map((row) => (
          <tr key={row.id} data-id={row.id}>
            <td className={tdClass}>
              <SelectBox label={adminCommon.selectRow(row.title)} checked={selection.has(row.id)} onChange={(on) => selection.toggle(row.id, on)} />
            </td>
            <td className={`${tdClass} max-w-28 truncate font-medium`} title={row.title}>{row.title}</td>
            <td className={`${tdClass} whitespace-normal`}>{industryLabels[row.industry]}</td>
            <td className={`${tdClass} whitespace-normal`}>{row.location}</td>
            <td className={`${tdClass} text-right tabular-nums`}>{amountText(row.revenue)}</td>
            <td className={`${tdClass} text-right tabular-nums`}>{amountText(row.profit)}</td>
            <td className={tdClass}><StatusBadge status={row.status} /></td>
            <td className={tdClass}>{row.featured ? texts.featuredYes : texts.featuredNo}</td>
            <td className={tdClass}>{formatDate(row.createdAt)}</td>
            {/* Two by two with dense cells, so the table fits 1366 px beside the sidebar without clipping (tests/e2e/polish-more.spec.ts measures it). The title is cut at 7 rem (whole in its tooltip and the edit dialog): amounts are written in full, '11 750 000 kr'. */}
            <td className={`${tdClass} whitespace-normal`}>
              <div role="group" aria-label={texts.rowActions(row.title)} className="grid w-max grid-cols-2 gap-1">
                <button type="button" className={`${actionClass} text-brand-700`} onClick={() => actions.edit(row)}>{texts.edit}</button>
                {/* Not offered on an active listing; a waiting one is approved only in the queue, where its text is shown (decision 106). */}
                {row.status !== 'active' && row.status !== 'pending' && <button type="button" className={`${actionClass} text-emerald-700`} disabled={busy} onClick={() => actions.setActive(row)}>{texts.setActive}</button>}
                <button type="button" className={`${actionClass} text-slate-700`} disabled={busy || row.status === 'archived'} onClick={() => actions.archive(row)}>{texts.archive}</button>
                <button type="button" className={`${actionClass} text-red-700`} disabled={busy} onClick={() => actions.remove(row)}>{texts.delete}</button>
                {/* Across both columns, last: the widest action would otherwise widen every row's pair. */}
                {row.status === 'pending' && <Link to="/admin/pending" className={`${actionClass} col-span-2 text-emerald-700`}>{texts.inQueue}</Link>}
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </AdminTable>
  );
}
