import { useMutation } from '@tanstack/react-query';
import { profile as t } from '@bedriftstorget/core/texts/seller';
import { Button } from '../../components/button';
import { toast } from '../../lib/toast';
import { trpcClient } from '../../lib/trpc';

/** 'Dine data' on /profil: 'Last ned mine data' fetches everything held about the user (decision 085). */
export function MyData() {
  const download = useMutation({
    mutationFn: () => trpcClient.profile.exportData.query(),
    // The zip and its summary load only now (decision 147).
    onSuccess: async (data) => (await import('./export-download')).saveExport(data, t.downloadFile),
    onError: () => toast.error(t.downloadFailed),
  });
  return (
    <section aria-labelledby="my-data-title" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="my-data-title" className="text-lg font-bold">{t.dataTitle}</h2>
      <p className="mt-2 text-sm text-slate-700">{t.dataText}</p>
      <Button variant="secondary" className="mt-4" onClick={() => download.mutate()} disabled={download.isPending}>
        {download.isPending ? t.downloading : t.download}
      </Button>
    </section>
  );
}
