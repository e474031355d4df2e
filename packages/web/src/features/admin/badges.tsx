import { logTypeColour, statusTone, type LogColour, type Tone } from '@bedriftstorget/core/admin/rules';
import type { ListingStatus } from '@bedriftstorget/core/listing/enums';
import { adminLog, adminStatusLabels } from '@bedriftstorget/core/texts/admin';

const TONES: Record<Tone, string> = {
  warning: 'bg-amber-100 text-amber-900 ring-amber-300',
  success: 'bg-emerald-100 text-emerald-900 ring-emerald-300',
  danger: 'bg-red-100 text-red-900 ring-red-300',
};

const pill = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset';

/**
 * pending warning, active success, sold, archived and rejected danger (docs/product.md, 'Admin
 * details'): a refused listing must never look published. Any other status gets the active colour,
 * but keeps its own word.
 */
export function StatusBadge({ status }: { status: ListingStatus }) {
  const tone = statusTone(status);
  return <span data-tone={tone} className={`${pill} ${TONES[tone]}`}>{adminStatusLabels[status] ?? status}</span>;
}

const COLOURS: Record<LogColour, string> = {
  blue: 'bg-blue-100 text-blue-900 ring-blue-300',
  green: 'bg-green-100 text-green-900 ring-green-300',
  purple: 'bg-purple-100 text-purple-900 ring-purple-300',
  orange: 'bg-orange-100 text-orange-900 ring-orange-300',
  grey: 'bg-slate-100 text-slate-800 ring-slate-300',
};

export function LogTypeBadge({ type }: { type: string }) {
  const colour = logTypeColour(type);
  return <span data-colour={colour} className={`${pill} ${COLOURS[colour]}`}>{adminLog.types[type] ?? type}</span>;
}

export function FlagBadge({ tone, children }: { tone: Tone; children: string }) {
  return <span data-tone={tone} className={`${pill} ${TONES[tone]}`}>{children}</span>;
}
