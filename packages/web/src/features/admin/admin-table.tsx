import type { ReactNode, ThHTMLAttributes } from 'react';
import { ScrollRegion } from '../../components/scroll-region';

/**
 * Wide tables scroll sideways on phones instead of squeezing the page; the scrolling box is a named
 * region a keyboard can focus and scroll (axe scrollable-region-focusable).
 */
/** `regionLabel`: the scrolling box's own name, where a section around it already has the table's (axe's landmark-unique). */
export function AdminTable({ label, regionLabel = label, children, busy = false }: { label: string; regionLabel?: string; children: ReactNode; busy?: boolean }) {
  return (
    <ScrollRegion label={regionLabel} className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table aria-label={label} aria-busy={busy} className={`min-w-full text-left text-sm ${busy ? 'opacity-60' : ''}`}>
        {children}
      </table>
    </ScrollRegion>
  );
}

export function Th({ children, className = '', dense = false, ...props }: ThHTMLAttributes<HTMLTableCellElement> & { dense?: boolean }) {
  return (
    <th scope="col" className={`whitespace-nowrap border-b border-slate-200 bg-slate-50 ${dense ? 'px-2' : 'px-3'} py-2.5 font-semibold text-slate-700 ${className}`} {...props}>
      {children}
    </th>
  );
}

export const tdClass = 'whitespace-nowrap border-b border-slate-100 px-3 py-2.5 align-middle';
/** Narrower cells for the ten-column listings table, so it fits 1366 px beside the sidebar. */
export const denseTdClass = 'whitespace-nowrap border-b border-slate-100 px-2 py-2.5 align-middle';

/** The checkbox cell of a row or the header; its name says what it selects. */
export function SelectBox({ label, checked, onChange, indeterminate = false }: { label: string; checked: boolean; onChange: (checked: boolean) => void; indeterminate?: boolean }) {
  return (
    <input
      type="checkbox"
      aria-label={label}
      checked={checked}
      ref={(el) => {
        if (el) el.indeterminate = indeterminate;
      }}
      onChange={(e) => onChange(e.target.checked)}
      className="h-4 w-4 accent-brand-700"
    />
  );
}

export function EmptyRow({ columns, text }: { columns: number; text: string }) {
  return (
    <tr>
      <td colSpan={columns} className="px-3 py-10 text-center text-slate-600">{text}</td>
    </tr>
  );
}
