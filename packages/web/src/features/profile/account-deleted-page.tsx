import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { accountDeletion as t } from '@bedriftstorget/core/texts/account';
import { buttonClass } from '../../components/button';
import { Page } from '../../components/page';
import { Link } from '../../router/link';

/** /konto-slettet: where 'Slett konto' ends, signed out (decision 088). */
export function AccountDeletedPage() {
  const queryClient = useQueryClient();
  // Everything the deleted session loaded goes; the header asks again as a visitor (auth.me → null).
  useEffect(() => {
    void queryClient.resetQueries();
  }, [queryClient]);
  return (
    <Page title={t.deletedTitle}>
      <div className="flex flex-col items-start gap-4">
        <p role="status" className="max-w-2xl text-slate-700">{t.deletedText}</p>
        <Link to="/" className={buttonClass('secondary')}>{t.toFrontPage}</Link>
      </div>
    </Page>
  );
}
