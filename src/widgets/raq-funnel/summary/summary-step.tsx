import { useId, useRef, useState, type FormEvent } from 'react';
import { useAtomValue, useSetAtom } from 'jotai/react';
import { formatPhoneInput } from '../../../domain/core/phone';
import { shownUrgency } from '../../../domain/urgency';
import { isAbortError } from '../../../gateway/core/errors';
import { loadableOf } from '../../../runtime/loadable';
import { useRuntime } from '../../../runtime/runtime';
import { useFormat } from '../../../runtime/use-format';
import { Skeleton } from '../../../ui/core/skeleton';
import { Field } from '../../../ui/field';
import { FUNNEL_FIELD } from '../funnel-form-look';
import { comparisonAtom, followUpDealsAtom, markHiredAtom, startNewRequestAtom, summaryLeadAtom, updatePhoneAtom } from '../state/summary-step-atoms';
import { funnelFormAtom, projectDetailsAtom } from '../state/shared-atoms';
import { ProRating } from '../pro-summary';

const summaryLeadLoadableAtom = loadableOf(summaryLeadAtom);
const comparisonLoadableAtom = loadableOf(comparisonAtom);
const dealsLoadableAtom = loadableOf(followUpDealsAtom);

/** What was requested: the lead as the gateway has it, else what the funnel still knows. */
function Requested() {
  const { t } = useRuntime();
  const lead = useAtomValue(summaryLeadLoadableAtom);
  const form = useAtomValue(funnelFormAtom);
  if (lead.state === 'loading') return <Skeleton height={96} />;
  const fetched = lead.state === 'hasData' ? lead.data : null;
  const title = fetched?.title ?? fetched?.category.name ?? form.taskCategoryName ?? form.categoryName;
  const postalCode = fetched?.postalAddress.postalCode ?? form.postalCode;
  const urgency = fetched ? shownUrgency(fetched.urgency) : null;
  return (
    <>
      {!fetched ? (
        <p className="lk-funnel__muted" role="status">
          {t('funnel.summary.loadFailed')}
        </p>
      ) : null}
      <dl className="lk-funnel__facts lk-funnel__facts--column">
        {title ? (
          <div>
            <dt>{t('lead.category')}</dt>
            <dd>{title}</dd>
          </div>
        ) : null}
        {postalCode ? (
          <div>
            <dt>{t('funnel.summary.postalCode')}</dt>
            <dd>{postalCode}</dd>
          </div>
        ) : null}
        {fetched ? (
          <div>
            <dt>{t('lead.projectTiming')}</dt>
            {/* The customer's own words for 'NA': the answer the project step offered ('Not sure yet'). */}
            <dd>{urgency ?? t('funnel.urgency.notSure')}</dd>
          </div>
        ) : null}
        {fetched?.description ? (
          <div>
            <dt>{t('lead.projectNotes')}</dt>
            <dd className="lk-funnel__description">{fetched.description}</dd>
          </div>
        ) : null}
      </dl>
    </>
  );
}

/** The pros the lead went to (the comparison call): responded or not, hired, and 'I hired …'. */
function Pros() {
  const { t } = useRuntime();
  const comparison = useAtomValue(comparisonLoadableAtom);
  const markHired = useSetAtom(markHiredAtom);
  const [pending, setPending] = useState<number | null>(null);
  const [failed, setFailed] = useState<number | null>(null);
  if (comparison.state === 'loading') return <Skeleton height={72} />;
  const pros = comparison.state === 'hasData' ? (comparison.data?.serviceProviders ?? []) : [];
  if (comparison.state === 'hasError') return <p className="lk-funnel__muted">{t('funnel.summary.loadFailed')}</p>;
  if (pros.length === 0) return <p>{t('funnel.summary.noPros')}</p>;

  async function hire(pro: (typeof pros)[number]) {
    if (pending !== null) return;
    setPending(pro.id);
    setFailed(null);
    const result = await markHired({ serviceProviderId: pro.id, serviceProviderType: pro.serviceProviderType });
    setPending(null);
    if (!result.ok && !(result.error && isAbortError(result.error))) setFailed(pro.id);
  }

  return (
    <ul className="lk-funnel__pros">
      {pros.map((pro) => (
        <li key={`${pro.serviceProviderType}-${pro.id}`} className="lk-funnel__pro" part="funnel-pro" data-hired={pro.hired || undefined}>
          <div>
            <p className="lk-funnel__pro-name">{pro.name}</p>
            <ProRating rating={pro.rating} reviewCount={pro.reviewCount} />
            <p className="lk-funnel__pro-state">
              {pro.hired ? t('funnel.summary.hired') : pro.responded ? t('funnel.summary.responded') : t('funnel.summary.waiting')}
            </p>
            {failed === pro.id ? (
              <p className="lk-funnel__error" role="alert">
                {t('funnel.summary.markHiredFailed')}
              </p>
            ) : null}
          </div>
          {/* 'I hired …' once the pro has answered: before that there is no one to have hired. */}
          {pro.hired || !pro.responded ? null : (
            <button type="button" className="lk-button" data-variant="secondary" aria-disabled={pending !== null || undefined} onClick={() => void hire(pro)}>
              {t('funnel.summary.markHired', { name: pro.name })}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * The phone update sends only phoneNumber (10 digits, a leading 1 accepted). It starts with
 * the number typed in the project step (kept in memory only: empty after a reload).
 */
function PhoneUpdate() {
  const { t } = useRuntime();
  const id = useId();
  const updatePhone = useSetAtom(updatePhoneAtom);
  const typed = useAtomValue(projectDetailsAtom).contact.phoneNumber;
  const [phone, setPhone] = useState(() => formatPhoneInput(typed));
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | 'invalid' | 'failed'>('idle');
  const inputRef = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (state === 'saving') return;
    setState('saving');
    const result = await updatePhone(phone);
    if (result.ok) setState('saved');
    else if (result.problems?.length) {
      setState('invalid');
      inputRef.current?.focus();
    } else setState('failed');
  }

  const invalid = state === 'invalid';
  return (
    <form className="lk-funnel__phone" part="funnel-phone" noValidate onSubmit={(event) => void submit(event)}>
      <Field
        look={FUNNEL_FIELD}
        className="lk-funnel__field--short"
        id={id}
        label={t('funnel.summary.phoneLabel')}
        error={invalid ? t('validation.phone') : null}
      >
        {(control) => (
          <input
            {...control}
            ref={inputRef}
            className="lk-input"
            type="tel"
            autoComplete="tel-national"
            value={phone}
            onChange={(event) => {
              setPhone(formatPhoneInput(event.target.value));
              if (state !== 'saving') setState('idle');
            }}
          />
        )}
      </Field>
      <div className="lk-funnel__actions">
        <button type="submit" className="lk-button" data-variant="secondary" aria-disabled={state === 'saving' || undefined}>
          {t('funnel.summary.phoneSave')}
        </button>
        <span role={state === 'failed' ? 'alert' : 'status'} className={state === 'failed' ? 'lk-funnel__error' : 'lk-funnel__muted'}>
          {state === 'saved' ? t('funnel.summary.phoneSaved') : state === 'failed' ? t('funnel.summary.phoneFailed') : ''}
        </span>
      </div>
    </form>
  );
}

/** Follow-up deals for the lead's category and postal code, when there are any. */
function Deals() {
  const { t } = useRuntime();
  const format = useFormat();
  const deals = useAtomValue(dealsLoadableAtom);
  const id = useId();
  if (deals.state !== 'hasData' || deals.data.length === 0) return null;
  return (
    <section className="lk-funnel__section" part="funnel-deals" aria-labelledby={id}>
      <h3 id={id} className="lk-funnel__subheading">
        {t('funnel.summary.deals')}
      </h3>
      <ul className="lk-funnel__deals">
        {deals.data.map((deal) => (
          <li key={deal.dealId}>
            <span>{deal.title}</span>
            <span className="lk-funnel__price">{format.price(deal.price)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Step 4, Summary (`/app/lead/request_a_quote/lead/{leadId}/summary`, docs/widgets/raq-funnel.md#summary): what was requested,
 * which pros received it (the comparison call) with 'I hired …' (mark-hired), what happens next,
 * the phone update (only phoneNumber), follow-up deals when there are any, and a new request.
 */
export function SummaryStep() {
  const { t } = useRuntime();
  const baseId = useId();
  const startNewRequest = useSetAtom(startNewRequestAtom);
  const section = (name: string) => `${baseId}-${name}`;
  return (
    <div className="lk-funnel__form" part="funnel-summary">
      <div className="lk-funnel__success" part="funnel-success">
        <svg className="lk-funnel__success-icon" width="40" height="40" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
          <circle cx="20" cy="20" r="20" />
          <path d="m12 20.5 5.5 5.5L29 14.5" fill="none" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <p>{t('funnel.summary.success')}</p>
      </div>
      <section className="lk-funnel__section" aria-labelledby={section('requested')}>
        <h3 id={section('requested')} className="lk-funnel__subheading">
          {t('funnel.summary.requested')}
        </h3>
        <Requested />
      </section>
      <section className="lk-funnel__section" aria-labelledby={section('pros')}>
        <h3 id={section('pros')} className="lk-funnel__subheading">
          {t('funnel.summary.pros')}
        </h3>
        <Pros />
      </section>
      <section className="lk-funnel__section" aria-labelledby={section('next')}>
        <h3 id={section('next')} className="lk-funnel__subheading">
          {t('funnel.summary.next')}
        </h3>
        <ol className="lk-funnel__next">
          <li>{t('funnel.summary.next1')}</li>
          <li>{t('funnel.summary.next2')}</li>
          <li>{t('funnel.summary.next3')}</li>
        </ol>
      </section>
      <section className="lk-funnel__section" aria-labelledby={section('phone')}>
        <h3 id={section('phone')} className="lk-funnel__subheading">
          {t('funnel.summary.phone')}
        </h3>
        <PhoneUpdate />
      </section>
      <Deals />
      <div className="lk-funnel__actions">
        <button type="button" className="lk-button" data-variant="secondary" onClick={() => void startNewRequest()}>
          {t('funnel.newRequest')}
        </button>
      </div>
    </div>
  );
}

/** The steps' texts: they load with the step (its loader wraps it with them, step-loaders.ts). */
export { FUNNEL_STEP_CATALOGUE } from '../funnel-step-messages';
