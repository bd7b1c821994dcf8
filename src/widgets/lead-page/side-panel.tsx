import { useId } from 'react';
import { useT } from '../../runtime/runtime';
import type { MessageKey } from '../../i18n/en-US';

const STEPS: readonly MessageKey[] = ['leadPage.howItWorks.alert', 'leadPage.howItWorks.review', 'leadPage.howItWorks.unlock', 'leadPage.howItWorks.contact'];

const FAQ: readonly { q: MessageKey; a: MessageKey }[] = [
  { q: 'leadPage.faq.howLong.q', a: 'leadPage.faq.howLong.a' },
  { q: 'leadPage.faq.payment.q', a: 'leadPage.faq.payment.a' },
  { q: 'leadPage.faq.refund.q', a: 'leadPage.faq.refund.a' },
  { q: 'leadPage.faq.cost.q', a: 'leadPage.faq.cost.a' },
];

/** How it works and FAQ. Native <details> keeps the answers keyboard-operable. */
export function SidePanel() {
  const t = useT();
  const howId = useId();
  const faqId = useId();
  return (
    <aside className="lk-lead-page__side" part="side-panel">
      <section aria-labelledby={howId} className="lk-panel">
        <h2 id={howId} className="lk-panel__title">
          {t('leadPage.howItWorks.title')}
        </h2>
        <ol className="lk-steps">
          {STEPS.map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </ol>
      </section>
      <section aria-labelledby={faqId} className="lk-panel">
        <h2 id={faqId} className="lk-panel__title">
          {t('leadPage.faq.title')}
        </h2>
        {FAQ.map(({ q, a }) => (
          <details key={q} className="lk-faq">
            <summary>{t(q)}</summary>
            <p>{t(a)}</p>
          </details>
        ))}
      </section>
    </aside>
  );
}
