import { Link } from '../../router/link';
import { landingSections as texts } from '@bedriftstorget/core/texts/marketplace';
import { buttonClass } from '../../components/button';
import { company } from '../../lib/company';
import { useReviewPromise } from '../../lib/use-review-promise';

function Steps({ steps }: { steps: readonly { title: string; text: string }[] }) {
  return (
    <ol className={`mt-8 grid gap-6 ${steps.length === 4 ? 'md:grid-cols-4' : 'md:grid-cols-3'}`}>
      {steps.map((step, i) => (
        <li key={step.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <span aria-hidden="true" className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-700 font-bold text-white">{i + 1}</span>
          <h3 className="mt-4 text-lg font-bold">{step.title}</h3>
          <p className="mt-1 text-slate-600">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}

export function SellSection() {
  return (
    <section aria-labelledby="sell-heading" className="px-4 py-16">
      <div className="mx-auto max-w-7xl">
        <h2 id="sell-heading" className="text-3xl font-bold">{texts.sellTitle}</h2>
        <Steps steps={texts.sellSteps(useReviewPromise())} />
        <Link to="/legg-ut-annonse" className={buttonClass('primary', 'mt-8')}>{texts.sellButton}</Link>
      </div>
    </section>
  );
}

export function HowSection() {
  return (
    <section aria-labelledby="how-heading" className="px-4 py-16">
      <div className="mx-auto max-w-7xl">
        <h2 id="how-heading" className="text-3xl font-bold">{texts.howTitle}</h2>
        <Steps steps={texts.howSteps} />
      </div>
    </section>
  );
}

export function SafeSection() {
  return (
    <section aria-labelledby="safe-heading" className="bg-brand-900 px-4 py-16 text-white">
      <div className="mx-auto max-w-7xl">
        <h2 id="safe-heading" className="text-3xl font-bold">{texts.safeTitle}</h2>
        <ul className="mt-6 grid gap-4 md:grid-cols-3">
          {texts.safePoints.map((point) => (
            <li key={point} className="flex gap-3 rounded-xl bg-white/10 p-5"><span aria-hidden="true">✓</span>{point}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** The footer's anchors (#om-oss, #kontakt, #personvern, #vilkar) land here. */
export function InfoSections() {
  const items = [
    { id: 'om-oss', title: texts.aboutTitle, text: texts.aboutText, more: texts.aboutCompany(company.orgNr, company.address) },
    { id: 'kontakt', title: texts.contactTitle, text: texts.contactText },
    { id: 'personvern', title: texts.privacyTitle, text: texts.privacyText },
    { id: 'vilkar', title: texts.termsTitle, text: texts.termsText },
  ];
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-16 md:grid-cols-2">
      {items.map((item) => (
        <section key={item.id} id={item.id} aria-labelledby={`${item.id}-heading`} className="scroll-mt-20 outline-none rounded-2xl bg-white p-6 shadow-sm">
          <h2 id={`${item.id}-heading`} className="text-xl font-bold">{item.title}</h2>
          <p className="mt-2 text-slate-700">{item.text}</p>
          {item.more && <p className="mt-2 text-sm text-slate-600" data-testid={`${item.id}-more`}>{item.more}</p>}
        </section>
      ))}
    </div>
  );
}
