import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai/react';
import { additionalFieldName } from '../../../domain/funnel/suggestions';
import { isAbortError, type GatewayError } from '../../../gateway/core/errors';
import type { ProviderSummary } from '../../../gateway/lead/funnel/schemas';
import { loadableOf } from '../../../runtime/loadable';
import { useRuntime } from '../../../runtime/runtime';
import { Skeleton } from '../../../ui/core/skeleton';
import { FormActions } from '../../../ui/form-actions';
import { FUNNEL_ACTIONS } from '../funnel-form-look';
import { funnelFormAtom, suggestionsAtom } from '../state/shared-atoms';
import { loadSuggestionsAtom, sendSelectionAtom, setAdditionalFieldAtom } from '../state/suggestions-step-atoms';
import { ProRating } from '../pro-summary';
import { cardKey, suggestionCardDetailsAtom, type SuggestionCardDetails } from './suggestion-card-atoms';

const cardDetailsLoadableAtom = loadableOf(suggestionCardDetailsAtom);

/** One suggested pro: the checkbox `additional-sp-{id}` (AL) or `additional-hasp-{id}` (HA), its rating, categories and reviews. */
function ProCard({ pro, details }: { pro: ProviderSummary; details: SuggestionCardDetails | null }) {
  const { t, locale } = useRuntime();
  const form = useAtomValue(funnelFormAtom);
  const setField = useSetAtom(setAdditionalFieldAtom);
  const id = useId();
  const name = additionalFieldName(pro.serviceProviderType, pro.id);
  const key = cardKey(pro.serviceProviderType, pro.id);
  const categories = details?.categories.get(key) ?? [];
  const reviews = details?.reviews.get(key);
  // Made once per locale, not per render (an Intl formatter is costly to make).
  const dateFormat = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }), [locale]);
  return (
    <li className="lk-funnel__pro lk-funnel__pro--card" part="funnel-pro" data-type={pro.serviceProviderType}>
      <div className="lk-funnel__pro-choice">
        <input
          id={id}
          type="checkbox"
          name={name}
          checked={form.additionalFields[name] === true}
          onChange={(event) => setField({ name, checked: event.target.checked })}
        />
        <label htmlFor={id} className="lk-funnel__pro-name">
          {pro.name}
        </label>
      </div>
      <ProRating rating={pro.rating} reviewCount={pro.reviewCount} />
      {categories.length > 0 ? (
        <ul className="lk-funnel__tags">
          {categories.slice(0, 4).map((category) => (
            <li key={category.categoryId}>{category.categoryName}</li>
          ))}
        </ul>
      ) : null}
      {details ? (
        <section className="lk-funnel__reviews" aria-label={t('funnel.suggestions.reviews', { name: pro.name })}>
          {reviews && reviews.reviews.length > 0 ? (
            <ul>
              {reviews.reviews.map((review) => (
                <li key={review.reviewId}>
                  <ProRating rating={review.rating} reviewCount={null} />
                  <blockquote className="lk-funnel__review-text">{review.text}</blockquote>
                  <p className="lk-funnel__muted">
                    {t('funnel.suggestions.reviewBy', { name: review.reviewerName, date: dateFormat.format(new Date(review.createDate)) })}
                  </p>
                </li>
              ))}
            </ul>
          ) : (
            <p className="lk-funnel__muted">{t('funnel.suggestions.noReviews')}</p>
          )}
        </section>
      ) : null}
    </li>
  );
}

/**
 * Step 3, Suggestions (`app/lead/request_a_quote/lead/{id}/suggestions`, docs/widgets/raq-funnel.md#suggestions): the lead and v4
 * suggestions for it (limit 3, without the pros it already went to), split into AL and HA; the
 * cards' checkboxes start cleared. Sending assigns (v2) and, for HA pros, sends the pro
 * selection; then the summary. If the lead or the suggestions cannot be fetched, the funnel
 * shows the summary of that lead instead (the state moves it there).
 */
export function SuggestionsStep() {
  const { t } = useRuntime();
  const headingId = useId();
  const suggestions = useAtomValue(suggestionsAtom);
  const form = useAtomValue(funnelFormAtom);
  const cardDetails = useAtomValue(cardDetailsLoadableAtom);
  const loadSuggestions = useSetAtom(loadSuggestionsAtom);
  const sendSelection = useSetAtom(sendSelectionAtom);
  const [loaded, setLoaded] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<GatewayError | null>(null);
  const sendingRef = useRef(false);

  // Every visit asks afresh (and so clears the choices); a failure moves the funnel to the summary.
  useEffect(() => {
    let live = true;
    void loadSuggestions().then((result) => {
      if (live && result.ok) setLoaded(true);
    });
    return () => {
      live = false;
    };
  }, [loadSuggestions]);

  async function send() {
    if (sendingRef.current) return;
    sendingRef.current = true;
    setSending(true);
    setFailure(null);
    const result = await sendSelection();
    sendingRef.current = false;
    setSending(false);
    if (!result.ok && !(result.error && isAbortError(result.error))) setFailure(result.error);
  }

  if (!loaded || !suggestions) {
    return (
      <div className="lk-funnel__form" aria-busy="true">
        <p role="status">{t('funnel.suggestions.loading')}</p>
        <div className="lk-funnel__skeleton" aria-hidden="true">
          <Skeleton height={96} />
          <Skeleton height={96} />
          <Skeleton height={96} />
        </div>
      </div>
    );
  }

  const details = cardDetails.state === 'hasData' ? cardDetails.data : null;
  const count = form.selectedAdditionalTotalSpListCount;
  const groups = [
    { type: 'AL', title: t('funnel.suggestions.groupAl'), pros: suggestions.al },
    { type: 'HA', title: t('funnel.suggestions.groupHa'), pros: suggestions.ha },
  ].filter((group) => group.pros.length > 0);

  return (
    <form
      className="lk-funnel__form"
      part="funnel-suggestions"
      noValidate
      aria-busy={sending}
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      {groups.length > 0 ? (
        <>
          <p>{t('funnel.suggestions.intro')}</p>
          {groups.map((group) => (
            <fieldset key={group.type} className="lk-funnel__group" aria-describedby={`${headingId}-count`}>
              <legend className="lk-funnel__legend">{group.title}</legend>
              <ul className="lk-funnel__pros">
                {group.pros.map((pro) => (
                  <ProCard key={pro.id} pro={pro} details={details} />
                ))}
              </ul>
            </fieldset>
          ))}
          <p id={`${headingId}-count`} className="lk-funnel__muted" role="status" aria-live="polite">
            {t('funnel.suggestions.selected', { count })}
          </p>
        </>
      ) : (
        <p>{t('funnel.suggestions.none')}</p>
      )}
      {failure ? (
        <p className="lk-funnel__notice" part="funnel-notice" role="alert" data-kind="failed">
          {t('funnel.suggestions.failed')}
        </p>
      ) : null}
      <FormActions
        look={FUNNEL_ACTIONS}
        label={count > 0 ? t('funnel.suggestions.send') : t('funnel.suggestions.skip')}
        part="funnel-send"
        busy={sending}
        busyText={t('funnel.suggestions.sending')}
      />
    </form>
  );
}

/** The steps' texts: they load with the step (its loader wraps it with them, step-loaders.ts). */
export { FUNNEL_STEP_CATALOGUE } from '../funnel-step-messages';
