import { useMutation } from '@tanstack/react-query';
import { profile as t } from '@bedriftstorget/core/texts/seller';
import { Button } from '../../components/button';
import { toast } from '../../lib/toast';
import { trpcClient } from '../../lib/trpc';

/** Saves a JSON document as a file, as a download link would. */
function saveJson(data: unknown, fileName: string): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** 'Dine data' on /profil: 'Last ned mine data' fetches everything held about the user (decision 085). */
export function MyData() {
  const download = useMutation({
    mutationFn: () => trpcClient.profile.exportData.query(),
    onSuccess: (data) => saveJson(data, t.downloadFile),
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
