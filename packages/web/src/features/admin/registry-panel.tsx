import { formatOrgnr } from '@bedriftstorget/core/company/orgnr';
import { formatDateTime } from '@bedriftstorget/core/format/nb';
import { company as c } from '@bedriftstorget/core/texts/company';
import { ConfidentialBadge } from '../company/confidential-badge';
import { FlagBadge } from './badges';
import type { QueueItemData } from './types';

/**
 * The registry's answer beside a listing in the review queue (decision 094): staff always see the
 * whole company, confidential or not (decision 095), and the flags that make approval need a note.
 */
export function RegistryPanel({ item }: { item: Pick<QueueItemData, 'company' | 'confidential'> }) {
  const company = item.company;
  if (!company && !item.confidential) return null;
  return (
    <div data-testid="registry-panel" className="mt-1 flex flex-col gap-1 whitespace-normal text-xs font-normal text-slate-700">
      <ConfidentialBadge confidential={item.confidential} className="self-start" />
      {company && (
        <div>
          <span className="font-semibold text-slate-900">{c.staffHeading}: </span>
          <span>{c.orgnrShort} {formatOrgnr(company.orgnr)}</span>
          {company.status === 'pending' && <span className="block text-amber-800">{c.notChecked}</span>}
          {company.name && <span className="block font-semibold">{company.name}</span>}
          {(company.form || company.kommune) && <span className="block">{[company.form, company.kommune].filter(Boolean).join(' · ')}</span>}
          {company.address && <span className="block">{company.address}</span>}
          {company.checkedAt && <span className="block text-slate-500">{c.checkedAt(formatDateTime(company.checkedAt))}</span>}
          {company.warnings.length > 0 && (
            <ul className="mt-1 flex flex-wrap gap-1" aria-label={c.flaggedWarning}>
              {company.warnings.map((warning) => <li key={warning}><FlagBadge tone="danger">{warning}</FlagBadge></li>)}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

/** Approving any of these needs a note (the server checks the same rule). */
export function needsApprovalNote(items: Pick<QueueItemData, 'id' | 'company'>[], ids: string[]): boolean {
  return items.some((item) => ids.includes(item.id) && item.company?.flagged === true);
}
