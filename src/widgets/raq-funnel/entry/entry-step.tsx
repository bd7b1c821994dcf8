import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useAtomValue, useSetAtom } from 'jotai/react';
import { isPostalCode } from '../../../domain/funnel/form';
import { isTopLevel, providerFirst, type TaxonomyResult } from '../../../domain/funnel/taxonomy';
import { isGatewayError } from '../../../gateway/core/errors';
import { errorPanel } from '../../../runtime/error-panel';
import type { MessageKey } from '../../../i18n/en-US';
import { loadableOf } from '../../../runtime/loadable';
import { useRuntime } from '../../../runtime/runtime';
import { useStyles } from '../../../runtime/styles';
import { Combobox, type ComboboxOption } from '../../../ui/combobox';
import comboboxCss from '../../../ui/combobox.css?inline';
import { ErrorBanner } from '../../../ui/error-banner';
import { Field, FieldError } from '../../../ui/field';
import { FormActions } from '../../../ui/form-actions';
import { FUNNEL_ACTIONS, FUNNEL_FIELD } from '../funnel-form-look';
import {
  checkEligibilityAtom,
  chooseCategoryResultAtom,
  chooseProviderAtom,
  cityStateAtom,
  clearCategoryAtom,
  loadProviderAtom,
  setPostalCodeAtom,
  topCategoriesAtom,
} from '../state/entry-step-atoms';
import {
  eligibilityAtom,
  funnelFormAtom,
  goToStepAtom,
  oneTimeSessionAtom,
  providerAtom,
  providerPendingAtom,
  providerStatusAtom,
  tokenMissingAtom,
} from '../state/shared-atoms';
import { ProRating } from '../pro-summary';
import { useCategorySearch } from './use-category-search';

const STYLES = [comboboxCss];
const topCategoriesLoadableAtom = loadableOf(topCategoriesAtom);
const cityStateLoadableAtom = loadableOf(cityStateAtom);

interface CategoryOption extends ComboboxOption {
  readonly result: TaxonomyResult;
}

const toOption = (result: TaxonomyResult): CategoryOption => ({ id: String(result.categoryId), label: result.name, result });

/** The error text of a gateway failure (docs/gateway.md#errors: a status title and its line). */
function FailureBanner({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  // A customer has no log-in page: no 'Log in' after a 401.
  return <ErrorBanner {...errorPanel(useRuntime(), error, { logIn: false, ...(onRetry ? { onRetry } : {}) })} />;
}

/**
 * In place of the entry step's form when no one-time token can be had (the gateway has no token
 * call and the host gave no `getOneTimeToken`): nothing typed here could be sent, so nothing is
 * asked; the developer is told by the setup problem (console line, `lk-error`).
 */
function RequestsUnavailable() {
  const { t } = useRuntime();
  return (
    <div className="lk-funnel__notice" part="funnel-unavailable" role="alert" data-kind="unavailable">
      <p className="lk-funnel__notice-title">{t('funnel.unavailable.title')}</p>
      <p>{t('funnel.unavailable.detail')}</p>
    </div>
  );
}

/**
 * Step 1, Entry (`app/lead/request_a_quote`, docs/widgets/raq-funnel.md#entry): what the customer needs — a combobox over
 * the autocomplete with the top categories before anything is typed (taxonomy rule on a
 * choice) — and the ZIP code, with the city and state from the lookup. Coming from a pro, its
 * eligibility for the ZIP code is checked; when it does not serve it, the alternatives for the
 * category and ZIP code are offered. Continue goes to the project step. When no one-time token
 * can be had, the step says requests cannot be sent from this page instead of its form.
 */
export function EntryStep() {
  return useAtomValue(tokenMissingAtom) ? <RequestsUnavailable /> : <EntryForm />;
}

function EntryForm() {
  useStyles(STYLES);
  const { t } = useRuntime();
  const baseId = useId();
  const form = useAtomValue(funnelFormAtom);
  const provider = useAtomValue(providerAtom);
  const providerStatus = useAtomValue(providerStatusAtom);
  const providerPending = useAtomValue(providerPendingAtom);
  const eligibility = useAtomValue(eligibilityAtom);
  const { client } = useAtomValue(oneTimeSessionAtom);
  const top = useAtomValue(topCategoriesLoadableAtom);
  const place = useAtomValue(cityStateLoadableAtom);
  const chooseCategory = useSetAtom(chooseCategoryResultAtom);
  const clearCategory = useSetAtom(clearCategoryAtom);
  const setPostalCode = useSetAtom(setPostalCodeAtom);
  const checkEligibility = useSetAtom(checkEligibilityAtom);
  const chooseProvider = useSetAtom(chooseProviderAtom);
  const loadProvider = useSetAtom(loadProviderAtom);
  const goToStep = useSetAtom(goToStepAtom);

  /** The text typed since the last choice; null shows the chosen category's name. */
  const [draft, setDraft] = useState<string | null>(null);
  /** The draft is the customer's typing (a chosen suggestion's label, shown while it is being chosen, is not searched). */
  const [typed, setTyped] = useState(false);
  const [notOffered, setNotOffered] = useState<string | null>(null);
  const [postal, setPostal] = useState(form.postalCode ?? '');
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const categoryRef = useRef<HTMLDivElement>(null);
  const postalRef = useRef<HTMLInputElement>(null);
  const alternativesRef = useRef<HTMLHeadingElement>(null);
  /** A check found the pro does not serve the ZIP code: its heading takes focus once it shows. */
  const focusAlternatives = useRef(false);
  // In the commit that shows it. (A frame after the answer was not enough: on a busy phone the
  // answer's render came after that frame, and focus stayed on Continue.)
  useLayoutEffect(() => {
    if (!focusAlternatives.current || !alternativesRef.current) return;
    focusAlternatives.current = false;
    alternativesRef.current.focus();
  });

  const chosenLabel = form.taskCategoryName ?? form.categoryName ?? '';
  const text = draft ?? chosenLabel;
  const searching = typed && draft !== null && draft.trim() !== '';
  const search = useCategorySearch(searching ? draft : '', client);
  // Coming from a pro: before anything is typed, the pro's own services (its top-level
  // categories) instead of the site's top ones; typed results list the pro's services first.
  const providerCategoryIds = provider ? provider.categories.map((c) => c.categoryId) : null;
  const topOptions = provider
    ? provider.categories.filter((c) => isTopLevel(c)).map((c) => toOption({ categoryId: c.categoryId, name: c.categoryName, parentCategory: null }))
    : top.state === 'hasData'
      ? top.data.map((c) => toOption({ categoryId: c.categoryId, name: c.name, parentCategory: null }))
      : [];
  const options = searching ? providerFirst(search.results, providerCategoryIds).map(toOption) : topOptions;

  const placeKnown = place.state === 'hasData' && place.data !== null;
  const placeUnknown = isPostalCode(form.postalCode) && place.state === 'hasData' && place.data === null;
  const categoryError: MessageKey | null = attempted && form.categoryId === null && notOffered === null ? 'funnel.entry.categoryRequired' : null;
  const postalError: MessageKey | null = !attempted
    ? null
    : !isPostalCode(form.postalCode)
      ? 'funnel.entry.postalCodeInvalid'
      : placeUnknown
        ? 'funnel.entry.postalCodeUnknown'
        : null;
  const categoryErrorId = `${baseId}-category-error`;
  const notOfferedId = `${baseId}-not-offered`;
  const postalId = `${baseId}-postal`;

  // The combobox takes no ARIA props of its own: its input gets the error wiring here.
  const categoryDescribedBy = [categoryError ? categoryErrorId : null, notOffered !== null ? notOfferedId : null].filter(Boolean).join(' ');
  useLayoutEffect(() => {
    const input = categoryRef.current?.querySelector('input');
    if (!input) return;
    if (categoryDescribedBy) {
      input.setAttribute('aria-describedby', categoryDescribedBy);
      input.setAttribute('aria-invalid', 'true');
    } else {
      input.removeAttribute('aria-describedby');
      input.removeAttribute('aria-invalid');
    }
  }, [categoryDescribedBy]);

  const focusCategory = () => categoryRef.current?.querySelector('input')?.focus();

  function onCategoryText(value: string) {
    setDraft(value);
    setTyped(true);
    setNotOffered(null);
    // The field's value is the chosen category: editing it un-chooses it.
    if (form.categoryId !== null) clearCategory();
  }

  async function onCategorySelect(option: CategoryOption) {
    setDraft(option.label);
    setTyped(false);
    const outcome = await chooseCategory(option.result);
    if (outcome.ok) {
      setDraft(null);
      setNotOffered(null);
    } else if (outcome.reason === 'not-offered') {
      setNotOffered(option.label);
    }
  }

  function onPostalChange(value: string) {
    const digits = value.replace(/\D/g, '').slice(0, 5);
    setPostal(digits);
    setPostalCode(digits);
  }

  /** After a check: the project step when the pro serves the ZIP code; the alternatives otherwise. */
  async function checkAndContinue(): Promise<void> {
    if (form.serviceProviderId === null && provider === null) {
      goToStep('project');
      return;
    }
    const result = await checkEligibility();
    if (!result.ok) {
      if (!(isGatewayError(result.error) && result.error.kind === 'aborted')) setFailure(result.error);
      return;
    }
    if (result.value) {
      goToStep('project');
      return;
    }
    focusAlternatives.current = true;
    // Already shown (the answer rendered before this ran): now; otherwise the layout effect above.
    if (alternativesRef.current) {
      focusAlternatives.current = false;
      alternativesRef.current.focus();
    }
  }

  // The pro the customer came from is still on its way (its details choose the category): a
  // Continue pressed meanwhile waits for it, 'Checking…', instead of calling the category missing
  // a moment before it is filled in (a phone on a slow connection, a quick tap).
  const [continueWanted, setContinueWanted] = useState(false);
  const waiting = busy || continueWanted;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (waiting) return;
    if (providerPending) {
      setContinueWanted(true);
      return;
    }
    await validateAndContinue();
  }

  // Once the wait ends, with that render's form (the pro's category in it).
  useEffect(() => {
    if (!continueWanted || providerPending) return;
    setContinueWanted(false);
    void validateAndContinue();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the wait ends (this render's closure), not on every render
  }, [continueWanted, providerPending]);

  async function validateAndContinue() {
    setAttempted(true);
    setFailure(null);
    if (form.categoryId === null) return focusCategory();
    if (!isPostalCode(form.postalCode) || placeUnknown) return postalRef.current?.focus();
    setBusy(true);
    try {
      await checkAndContinue();
    } finally {
      setBusy(false);
    }
  }

  async function chooseAlternative(serviceProviderId: number) {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const chosen = await chooseProvider(serviceProviderId);
      if (!chosen.ok) {
        setFailure(chosen.error);
        return;
      }
      await checkAndContinue();
    } finally {
      setBusy(false);
    }
  }

  const alternatives = eligibility?.alternatives ? [...eligibility.alternatives.al, ...eligibility.alternatives.ha] : [];
  const statusText = searching ? t('funnel.entry.categoryResults', { count: options.length }) : t('funnel.entry.categoryTop', { count: options.length });

  return (
    <form className="lk-funnel__form" part="funnel-entry" noValidate aria-busy={waiting} onSubmit={(event) => void submit(event)}>
      {providerStatus.state === 'failed' ? <FailureBanner error={providerStatus.error} onRetry={() => void loadProvider()} /> : null}
      <div className="lk-funnel__field" ref={categoryRef}>
        <Combobox<CategoryOption>
          label={t('funnel.entry.category')}
          value={text}
          onInputChange={onCategoryText}
          options={options}
          onSelect={(option) => void onCategorySelect(option)}
          statusText={statusText}
          loading={searching ? search.loading : top.state === 'loading'}
          loadingText={t('funnel.entry.categorySearching')}
          noResultsText={t('funnel.entry.categoryNone')}
          placeholder={t('funnel.entry.categoryPlaceholder')}
          name="category"
          part="funnel-category"
        />
        {notOffered !== null ? (
          <FieldError id={notOfferedId} look={FUNNEL_FIELD}>
            {provider?.name
              ? t('funnel.entry.notOffered', { provider: provider.name, category: notOffered })
              : t('funnel.entry.notOfferedUnnamed', { category: notOffered })}
          </FieldError>
        ) : null}
        {categoryError ? (
          <FieldError id={categoryErrorId} look={FUNNEL_FIELD}>
            {t(categoryError)}
          </FieldError>
        ) : null}
      </div>

      <Field
        look={FUNNEL_FIELD}
        className="lk-funnel__field--short"
        id={postalId}
        label={t('funnel.entry.postalCode')}
        // The place the code names (or that it names none), said as it comes.
        description={{
          className: 'lk-funnel__place',
          live: true,
          text: (
            <>
              {placeKnown && place.state === 'hasData' && place.data
                ? t('funnel.entry.place', { city: place.data.city, state: place.data.stateAbbreviation })
                : ''}
              {placeUnknown && !postalError ? t('funnel.entry.postalCodeUnknown') : ''}
            </>
          ),
        }}
        error={postalError ? t(postalError) : null}
      >
        {(control) => (
          <input
            {...control}
            ref={postalRef}
            className="lk-input"
            name="postalCode"
            type="text"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={5}
            value={postal}
            onChange={(event) => onPostalChange(event.target.value)}
          />
        )}
      </Field>

      {failure ? <FailureBanner error={failure} /> : null}

      {eligibility && !eligibility.eligible ? (
        <section className="lk-funnel__alternatives" part="funnel-alternatives" aria-labelledby={`${baseId}-alternatives`}>
          <h3 id={`${baseId}-alternatives`} ref={alternativesRef} tabIndex={-1} className="lk-funnel__subheading">
            {provider?.name
              ? t('funnel.entry.notEligible', { provider: provider.name, postalCode: form.postalCode ?? '' })
              : t('funnel.entry.notEligibleUnnamed', { postalCode: form.postalCode ?? '' })}
          </h3>
          {alternatives.length > 0 ? (
            <>
              <p>{t('funnel.entry.alternatives')}</p>
              <ul className="lk-funnel__pros">
                {alternatives.map((pro) => (
                  <li key={`${pro.serviceProviderType}-${pro.id}`} className="lk-funnel__pro" part="funnel-pro">
                    <div>
                      <p className="lk-funnel__pro-name">{pro.name}</p>
                      <ProRating rating={pro.rating} reviewCount={pro.reviewCount} />
                    </div>
                    <button
                      type="button"
                      className="lk-button"
                      data-variant="secondary"
                      aria-disabled={busy || undefined}
                      onClick={() => void chooseAlternative(pro.id)}
                    >
                      {t('funnel.entry.choose', { name: pro.name })}
                    </button>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p>{t('funnel.entry.noAlternatives')}</p>
          )}
        </section>
      ) : null}

      <FormActions look={FUNNEL_ACTIONS} label={t('funnel.entry.continue')} part="funnel-continue" busy={waiting} busyText={t('funnel.entry.checking')} />
    </form>
  );
}

/** The steps' texts: they load with the step (its loader wraps it with them, step-loaders.ts). */
export { FUNNEL_STEP_CATALOGUE } from '../funnel-step-messages';
