import { Suspense, useEffect, useId } from 'react';
import { useAtomValue, useSetAtom } from 'jotai/react';
import { FUNNEL_STEPS } from '../../domain/funnel/routes';
import type { MessageKey } from '../../i18n/en-US';
import { useRuntime } from '../../runtime/runtime';
import { useStyles } from '../../runtime/styles';
import { ErrorBanner } from '../../ui/error-banner';
import { Skeleton } from '../../ui/core/skeleton';
import { funnelSessionAtom, tokenStatusAtom } from './state/shared-atoms';
import { startNewRequestAtom } from './state/summary-step-atoms';
import { STEP_PARTS } from './step-loaders';
import { useRouteSync } from './frame-route';
import {
  useCategoryName,
  useFunnelInputs,
  useFunnelStart,
  useKeptRequest,
  useLeadCreatedEvent,
  useLoadEvent,
  usePreloadNextStep,
  useProviderDetails,
  useStepArrival,
  useStepHeading,
  useTokenAhead,
} from './frame-hooks';
import type { RaqFunnelProps } from './raq-funnel-props';
import raqFunnelCss from './raq-funnel.css?inline';

const STYLES = [raqFunnelCss];

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
 * survive a reload (sessionStorage), the one-time token never does; the customer's details only
 * as a request that failed to send, kept on this device until sent (state/kept-request-atoms.ts).
 * Fires `lk-lead-create` {leadId} once a lead is created, and `lk-navigate` {url, kind:
 * 'funnel'} on every step change (the office app routes by it; a partner page may follow).
 * Its jobs are named hooks, called here in the order they run (frame-hooks.ts, frame-route.ts).
 */
export function FunnelFrame(props: RaqFunnelProps) {
  const { spId = null, location = null, drafts = null } = props;
  useStyles(STYLES);
  const { t } = useRuntime();
  useFunnelInputs(props);
  useFunnelStart(spId, location);
  const { step } = useAtomValue(funnelSessionAtom);
  const tokenStatus = useAtomValue(tokenStatusAtom);
  const startNewRequest = useSetAtom(startNewRequestAtom);
  useRouteSync(location);
  useTokenAhead(step);
  useKeptRequest(drafts !== 'off');
  useProviderDetails();
  useCategoryName();
  useLeadCreatedEvent();
  const { announcement, panelRef, headingRef } = useStepArrival(step);
  usePreloadNextStep(step);
  const onShown = useLoadEvent();
  const { heading, pending: headingPending } = useStepHeading(step);
  const headingId = useId();
  const index = FUNNEL_STEPS.indexOf(step);
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
            <span className="lk-funnel__progress-name">{t(`funnel.step.${name}` as MessageKey)}</span>
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
