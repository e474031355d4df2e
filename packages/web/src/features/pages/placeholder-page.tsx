import { pages } from '@bedriftstorget/core/texts/nb';
import { Page } from '../../components/page';

/** A plain titled page for screens a later issue builds. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <Page title={title}>
      <p className="text-slate-600">{pages.comingSoon}</p>
    </Page>
  );
}
