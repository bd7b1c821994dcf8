import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai/react';
import { FUNNEL_STEPS, type FunnelStep } from '../../domain/funnel/routes';
import type { MessageKey } from '../../i18n/en-US';
import { useRuntime } from '../../runtime/runtime';
import { useStyles } from '../../runtime/styles';
import { ErrorBanner } from '../../ui/error-banner';
import { Skeleton } from '../../ui/core/skeleton';
import { funnelSessionAtom, providerAtom, providerPendingAtom, tokenStatusAtom } from './state/shared-atoms';
import { startNewRequestAtom } from './state/summary-step-atoms';
import { STEP_PARTS } from './step-loaders';
import { useRouteSync } from './frame-route';
import { useCategoryName, useFunnelInputs, useFunnelStart, useLeadCreatedEvent, useLoadEvent, useProviderDetails } from './frame-hooks';
import type { RaqFunnelProps } from './raq-funnel-props';
import raqFunnelCss from './raq-funnel.css?inline';

const STYLES = [raqFunnelCss];

const NEXT_STEP: Readonly<Record<FunnelStep, FunnelStep | null>> = { entry: 'project', project: 'suggestions', suggestions: 'summary', summary: null };

function prefersReducedMotion(): boolean {
  return typeof globalThis.matchMedia === 'function' && globalThis.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** While a step's chunk loads: blocks of about its size. */
function StepSkeleton() {
  return (
    <div className="lk-funnel__skeleton" aria-hidden="true">
      <Skeleton height={20} width="60%" />
      <Skeleton height={40} />
      <Skeleton height={40} />
      <Skeleton height={36} width={140} />
    </div>
  );
}

/** Rendered beside a step once its chunk is in: the step shows. */
function StepShown({ onShown }: { onShown(): void }) {
  useEffect(() => onShown(), [onShown]);
  return null;
}

/**
 * The funnel itself, loaded beside the first data by raq-funnel.tsx (whose first load is a
 * skeleton): Entry (service, ZIP code, the pro, eligibility), Project (questions, description,
 * timing, address, contact; creates the lead), Suggestions (more pros) and Summary
 * (docs/widgets/raq-funnel.md#steps). Each step is a chunk of its own;
 * this frame holds the progress, the live announcement of each step, and the panel that
 * scrolls to the step and focuses its heading.
 *
 * State lives in the element's store (shared-atoms.ts and each step's `*-step-atoms.ts`): the step, category and postal code
 * survive a reload (sessionStorage), the one-time token and the customer's details do not.
 * Fires `lk-lead-create` {leadId} once a lead is created, and `lk-navigate` {url, kind:
 * 'funnel'} on every step change (the office app routes by it; a partner page may follow).
 */
export function FunnelFrame(props: RaqFunnelProps) {
  const { spId = null, location = null } = props;
  useStyles(STYLES);
  const { t } = useRuntime();
  useFunnelInputs(props);
  useFunnelStart(spId, location);

  const session = useAtomValue(funnelSessionAtom);
  const provider = useAtomValue(providerAtom);
  const providerPending = useAtomValue(providerPendingAtom);
  const tokenStatus = useAtomValue(tokenStatusAtom);
  const startNewRequest = useSetAtom(startNewRequestAtom);
  const { step } = session;

  useRouteSync(location);

  useProviderDetails();
  useCategoryName();

  useLeadCreatedEvent();

  // Each step change: announced, the panel scrolled into view (smoothly unless the user prefers
  // reduced motion), focus on the new step's heading.
  const index = FUNNEL_STEPS.indexOf(step);
  const title = t(`funnel.step.${step}` as MessageKey);
  const [announcement, setAnnouncement] = useState('');
  const panelRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    setAnnouncement(t('funnel.progress.announce', { number: index + 1, total: FUNNEL_STEPS.length, title }));
    panelRef.current?.scrollIntoView?.({ behavior: prefersReducedMotion() ? 'instant' : 'smooth', block: 'start' });
    headingRef.current?.focus({ preventScroll: true });
  }, [step, index, title, t]);

  // The next step's chunk loads while this one is shown (no wait on the way forward).
  useEffect(() => {
    const next = NEXT_STEP[step];
    if (!next) return;
    const load = () => void STEP_PARTS[next].preload();
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(load, { timeout: 3000 });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(load, 300);
    return () => clearTimeout(timer);
  }, [step]);

  const onShown = useLoadEvent();

  const headingId = useId();
  // A pro whose details carry no name (not in the spec): 'this pro'.
  const heading =
    step === 'entry' && provider
      ? provider.name
        ? t('funnel.heading.entryPro', { name: provider.name })
        : t('funnel.heading.entryProUnnamed')
      : t(`funnel.heading.${step}` as MessageKey);
  // Coming from a pro, the entry's heading names them ('Request a quote from …', two lines on a
  // phone): until their details are in, its lines are held, so neither the text nor the form
  // under it changes when the name arrives.
  const headingPending = step === 'entry' && provider === null && providerPending;
  const Step = STEP_PARTS[step];

  return (
    <div className="lk-funnel" part="raq-funnel">
      <ol className="lk-funnel__progress" part="funnel-progress" aria-label={t('funnel.progress.label')}>
        {FUNNEL_STEPS.map((name, i) => (
          <li
            key={name}
            className="lk-funnel__progress-step"
            data-state={i < index ? 'done' : i === index ? 'current' : 'todo'}
            aria-current={i === index ? 'step' : undefined}
          >
            <span className="lk-funnel__progress-number" aria-hidden="true">
              {i + 1}
            </span>
            {t(`funnel.step.${name}` as MessageKey)}
          </li>
        ))}
      </ol>
      <p className="lk-visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
      {tokenStatus === 'expired' ? (
        <ErrorBanner
          part="funnel-session-expired"
          detail={t('funnel.session.expired')}
          action={
            <button type="button" className="lk-button" onClick={() => void startNewRequest()}>
              {t('funnel.newRequest')}
            </button>
          }
        />
      ) : null}
      <section ref={panelRef} className="lk-funnel__panel" part="funnel-step" data-step={step} aria-labelledby={headingId}>
        <h2 id={headingId} ref={headingRef} className="lk-funnel__heading" tabIndex={-1}>
          {headingPending ? (
            <>
              <span className="lk-visually-hidden">{heading}</span>
              <span className="lk-funnel__heading-pending" aria-hidden="true">
                <Skeleton height="1em" width="85%" />
                <Skeleton height="1em" width="55%" />
              </span>
            </>
          ) : (
            heading
          )}
        </h2>
        <Suspense fallback={<StepSkeleton />}>
          <Step />
          <StepShown onShown={onShown} />
        </Suspense>
      </section>
    </div>
  );
}
