import { companyFormLabels, industryLabels, ownerDependencyLabels } from '@bedriftstorget/core/listing/labels';
import { formatNok, formatNumber } from '@bedriftstorget/core/format/nb';
import { overview } from '@bedriftstorget/core/texts/admin';
import { wizard } from '@bedriftstorget/core/texts/seller';
import type { RevisionItemData } from './types';

type Change = RevisionItemData['changes']['fields'][number];

const MONEY = new Set(['price', 'revenue', 'profit', 'ownerSalary', 'debt']);

/** A changed field's value as staff read it: the wizard's words, Norwegian numbers, '(tomt)' for nothing. */
export function revisionValue(change: Change, which: 'before' | 'after'): string {
  const value = change[which];
  if (value === null || value === '' || (Array.isArray(value) && value.length === 0)) return overview.revisionEmpty;
  if (typeof value === 'boolean') return value ? wizard.yes : wizard.no;
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'number') return MONEY.has(change.field) ? formatNok(value) : formatNumber(value);
  if (change.field === 'industry') return industryLabels[value as keyof typeof industryLabels];
  if (change.field === 'companyForm') return companyFormLabels[value as keyof typeof companyFormLabels];
  if (change.field === 'ownerDependency') return ownerDependencyLabels[value as keyof typeof ownerDependencyLabels];
  return String(value);
}

export const fieldLabel = (field: Change['field']): string => wizard.fields[field];
