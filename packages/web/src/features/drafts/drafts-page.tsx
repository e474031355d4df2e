import { useState } from 'react';
import { Link } from '../../router/link';
import { toast } from '../../lib/toast';
import { formatDateTime } from '@bedriftstorget/core/format/nb';
import { drafts as t, wizard } from '@bedriftstorget/core/texts/seller';
import { Button, buttonClass } from '../../components/button';
import { Page } from '../../components/page';
import { clearLocalDraft, readLocalDraft } from '../../lib/draft';

/** /mine-utkast: the one local draft, with continue and delete (docs/product.md, 'My listings / drafts / saved'). */
export function DraftsPage() {
  const [draft, setDraft] = useState(() => readLocalDraft<{ title?: string }>());
  const remove = async () => {
    await clearLocalDraft();
    setDraft(null);
    toast.success(t.deleted);
  };
  return (
    <Page title={t.title}>
      {draft ? (
        <article className="flex flex-wrap items-center justify-between gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm" data-testid="draft">
          <div>
            <h2 className="text-lg font-bold">{draft.formData.title?.trim() || t.untitled}</h2>
            <p className="text-sm text-slate-600">{wizard.stepOf(draft.currentStep, 5)} · {t.savedAt(formatDateTime(new Date(draft.timestamp)))}</p>
          </div>
          <div className="flex gap-2">
            <Link to="/legg-ut-annonse" className={buttonClass('primary')}>{t.continue}</Link>
            <Button variant="secondary" onClick={() => void remove()}>{t.delete}</Button>
          </div>
        </article>
      ) : (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <h2 className="text-xl font-bold">{t.emptyTitle}</h2>
          <p className="mt-2 text-slate-600">{t.emptyText}</p>
          <Link to="/legg-ut-annonse" className={buttonClass('primary', 'mt-5')}>{wizard.title}</Link>
        </div>
      )}
    </Page>
  );
}
