import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai/react';
import { leadCategoryId } from '../../../domain/funnel/form';
import { projectProblems, type ProjectDetails, type ProjectField } from '../../../domain/funnel/lead';
import { urgencyOptionFor } from '../../../domain/funnel-questions';
import { loadableOf } from '../../../runtime/loadable';
import { useRuntime } from '../../../runtime/runtime';
import { useStyles } from '../../../runtime/styles';
import dialogCss from '../../../ui/dialog.css?inline';
import { cityStateAtom } from '../state/entry-step-atoms';
import { discardKeptRequestAtom, keptRequestRestoredAtom } from '../state/kept-request-atoms';
import { funnelFormAtom, goToStepAtom, projectDetailsAtom, providerAtom, tokenMissingAtom } from '../state/shared-atoms';
import { AddressFields, ContactFields, FIELD_ORDER, fieldError, ProjectQuestions, type FieldGroupProps } from './project-fields';
import { ConfirmDialog, SendNotice, useProjectSend } from './project-send';

const STYLES = [dialogCss];
const cityStateLoadableAtom = loadableOf(cityStateAtom);

/**
 * Step 2, Project (`app/lead/request_a_quote/{serviceProviderId}/project`, docs/widgets/raq-funnel.md#project): the questions for
 * the category, a description, the timing (default 'NA'), the address (and whether the pros see
 * it) and the contact fields, validated like the review form. 'Review request' opens a
 * modal; 'Send request' there creates the lead (POST /v3/lead) with one Idempotency-Key per
 * request, so a double click or a retry never creates two. A 511 closes the modal (the create's
 * challenge callback), the host's challenge runs, and the create is replayed once. A failure
 * keeps everything typed: in the funnel's store, and on this device until the request is sent
 * (state/kept-request-atoms.ts) — put back here after a reload, with a hint and 'Discard this
 * request'. When no one-time token can be had, the step says requests cannot be sent from this page.
 */
export function ProjectStep() {
  useStyles(STYLES);
  const { t } = useRuntime();
  const baseId = useId();
  const form = useAtomValue(funnelFormAtom);
  const provider = useAtomValue(providerAtom);
  const place = useAtomValue(cityStateLoadableAtom);
  const [details, setDetails] = useAtom(projectDetailsAtom);
  const goToStep = useSetAtom(goToStepAtom);
  const tokenMissing = useAtomValue(tokenMissingAtom);
  const restored = useAtomValue(keptRequestRestoredAtom);
  const discardKept = useSetAtom(discardKeptRequestAtom);
  const [attempted, setAttempted] = useState(false);
  const [focusField, setFocusField] = useState<{ field: ProjectField } | null>(null);
  const fieldRefs = useRef<Partial<Record<ProjectField, HTMLInputElement | null>>>({});
  const focusFirst = (problems: readonly ProjectField[]) => {
    const first = FIELD_ORDER.find((field) => problems.includes(field));
    if (first) setFocusField({ field: first });
  };
  const { confirming, setConfirming, sending, notice, setNotice, send } = useProjectSend((problems) => {
    setAttempted(true);
    focusFirst(problems);
  });

  // The address starts with what the entry step knows (the ZIP code, its city and state).
  const prefilled = useRef(false);
  useEffect(() => {
    if (prefilled.current || place.state === 'loading') return;
    prefilled.current = true;
    const known = place.state === 'hasData' ? place.data : null;
    setDetails((current) => {
      const { address } = current;
      const next = {
        ...address,
        city: address.city || known?.city || '',
        state: address.state || known?.stateAbbreviation || '',
        postalCode: address.postalCode || form.postalCode || '',
      };
      return next.city === address.city && next.state === address.state && next.postalCode === address.postalCode ? current : { ...current, address: next };
    });
  }, [place, form.postalCode, setDetails]);

  useEffect(() => {
    if (focusField) fieldRefs.current[focusField.field]?.focus();
  }, [focusField]);

  // A notice about the send shows right above 'Review request', where focus is back from the
  // modal; it pushes the button down, so the two are brought into view together.
  const submitRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (notice) submitRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [notice]);

  const problems = attempted ? projectProblems(details, form) : [];
  const fields: FieldGroupProps = {
    details,
    update: (change: (current: ProjectDetails) => ProjectDetails) => setDetails(change),
    idOf: (name: string) => `${baseId}-${name}`,
    errorOf: (field: ProjectField) => fieldError(t, details, problems, field),
    fieldRef: (field: ProjectField) => (node: HTMLInputElement | null) => {
      fieldRefs.current[field] = node;
    },
  };

  const categoryId = leadCategoryId(form);
  const categoryName = form.taskCategoryId !== null ? form.taskCategoryName : form.categoryName;

  function review(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    setNotice(null);
    const found = projectProblems(details, form);
    if (FIELD_ORDER.some((field) => found.includes(field))) {
      focusFirst(found);
      return;
    }
    setConfirming(true);
  }

  if (categoryId === null || !categoryName) {
    return (
      <div className="lk-funnel__form">
        <p className="lk-funnel__error" role="alert">
          {t('funnel.entry.categoryRequired')}
        </p>
        <div className="lk-funnel__actions">
          <button type="button" className="lk-button" onClick={() => goToStep('entry')}>
            {t('funnel.back')}
          </button>
        </div>
      </div>
    );
  }

  return (
    <>
      <form className="lk-funnel__form" part="funnel-project" noValidate onSubmit={review}>
        {tokenMissing ? (
          <div className="lk-funnel__notice" part="funnel-unavailable" role="alert" data-kind="unavailable">
            <p className="lk-funnel__notice-title">{t('funnel.unavailable.title')}</p>
            <p>{t('funnel.unavailable.kept')}</p>
          </div>
        ) : null}
        {/* Said by a polite live region there from the start (visually hidden: it takes no room in
            the form's grid); the notice under it shows the same words beside 'Discard this request'. */}
        <p className="lk-visually-hidden" role="status">
          {restored ? t('funnel.project.restored') : ''}
        </p>
        {restored ? (
          <div className="lk-funnel__notice" part="funnel-restored" data-kind="restored">
            <p aria-hidden="true">{t('funnel.project.restored')}</p>
            <button
              type="button"
              className="lk-button"
              data-variant="secondary"
              onClick={() => {
                setAttempted(false);
                setNotice(null);
                discardKept();
              }}
            >
              {t('funnel.project.discard')}
            </button>
          </div>
        ) : null}
        <dl className="lk-funnel__facts">
          <div>
            <dt>{t('funnel.project.service')}</dt>
            <dd>{categoryName}</dd>
          </div>
          {/* A deep link to the step has no ZIP code yet: the address below asks for it. */}
          {form.postalCode ? (
            <div>
              <dt>{t('funnel.entry.postalCode')}</dt>
              <dd>{form.postalCode}</dd>
            </div>
          ) : null}
          {provider?.name ? (
            <div>
              <dt>{t('funnel.project.pro')}</dt>
              <dd>{provider.name}</dd>
            </div>
          ) : null}
        </dl>

        <ProjectQuestions categoryId={categoryId} details={details} update={fields.update} idOf={fields.idOf} />
        <AddressFields {...fields} />
        <ContactFields {...fields} />

        {/* Beside the button that sent it: the modal closes onto 'Review request', so on a phone
            the customer sees what happened where they are, not a screen's height above. */}
        <SendNotice notice={notice} />

        <div className="lk-funnel__actions">
          <button type="button" className="lk-button" data-variant="secondary" onClick={() => goToStep('entry')}>
            {t('funnel.back')}
          </button>
          <button ref={submitRef} type="submit" className="lk-button" part="funnel-submit">
            {t('funnel.project.submit')}
          </button>
        </div>
      </form>

      <ConfirmDialog
        open={confirming}
        sending={sending}
        provider={provider}
        categoryName={categoryName}
        urgencyId={urgencyOptionFor(details.urgency).id}
        onSend={() => void send()}
        onEdit={() => setConfirming(false)}
      />
    </>
  );
}

/** The steps' texts: they load with the step (its loader wraps it with them, step-loaders.ts). */
export { FUNNEL_STEP_CATALOGUE } from '../funnel-step-messages';
