import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { privacyPage as texts } from '@bedriftstorget/core/texts/privacy';
import { Page } from '../../components/page';
import { trpc } from '../../lib/trpc';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-20 rounded-2xl bg-white p-6 shadow-sm">
      <h2 id={`${id}-heading`} className="text-xl font-bold">{title}</h2>
      <div className="mt-2 text-slate-700">{children}</div>
    </section>
  );
}

const List = ({ items }: { items: readonly string[] }) => (
  <ul className="list-disc space-y-1 pl-5">
    {items.map((item) => <li key={item}>{item}</li>)}
  </ul>
);

/**
 * /personvern (decision 089): what is stored, why, for how long, the user's rights and whom to
 * ask — the address from configuration (`privacy.contact`) — and the terms, which the sign-up
 * checkbox's link points to. Linked from the footer.
 */
export function PrivacyPage() {
  const contact = useQuery(trpc.privacy.contact.queryOptions(undefined, { staleTime: Infinity }));
  return (
    <Page title={texts.title}>
      <p className="mb-6 text-slate-700">{texts.intro}</p>
      <div className="flex flex-col gap-6">
        <Section id="lagrer" title={texts.storedTitle}><List items={texts.stored} /></Section>
        <Section id="hvorfor" title={texts.whyTitle}><p>{texts.why}</p></Section>
        <Section id="hvor-lenge" title={texts.howLongTitle}><List items={texts.howLong} /></Section>
        <Section id="rettigheter" title={texts.rightsTitle}><List items={texts.rights} /></Section>
        <Section id="personvern-kontakt" title={texts.contactTitle}>
          <p>
            {texts.contact}{' '}
            {contact.data && <a href={`mailto:${contact.data.email}`} className="font-medium text-brand-700 hover:underline">{contact.data.email}</a>}
          </p>
        </Section>
        <Section id="vilkar" title={texts.termsTitle}><p>{texts.terms}</p></Section>
      </div>
    </Page>
  );
}
