import { useCallback, useEffect, useId, useRef } from 'react';
import { useSetAtom } from 'jotai/react';
import { useServerRenderLoadable } from '../../runtime/server-render-gate';
import { isGatewayError, isRetryableError } from '../../gateway/core/errors';
import { errorPanel } from '../../runtime/error-panel';
import { useRuntime } from '../../runtime/runtime';
import { useStyles } from '../../runtime/styles';
import { useAtomInput } from '../../runtime/use-atom-input';
import leadPageCss from './lead-page.css?inline';
import { ErrorBanner } from '../../ui/error-banner';
import { useWhenBack } from '../../ui/use-when-back';
import { LeadCard, LeadCardSkeleton } from './lead-card';
import { leadPageLoadableAtom, leadPageReloadAtom, leadPageInputsAtom } from './lead-page-atoms';
import { PurchaseWindowLine, usePurchaseWindow } from './purchase-window-line';
import { SidePanel } from './side-panel';
import type { WidgetAttributeProps } from '../../contract/tags';

/** Its tag's attributes (src/contract/tags.ts; described on its element, src/elements/lead-page.element.ts). */
export type LeadPageProps = WidgetAttributeProps<'lead-page'>;

const STYLES = [leadPageCss];

/** Analytics page name (ours: the spec gives the user type only). */
const LEAD_PAGE_ANALYTICS = 'SP : Lead Page';

/**
 * The single lead page (LeadFeed, docs/widgets/lead-page.md): loads the lead on open; a skeleton
 * while loading; the error banner on failure; otherwise the banner, the lead card and
 * the how-it-works / FAQ panel.
 */
export function LeadPageRoot({ leadId = null, spId = null, apiVersion, errorMessage }: LeadPageProps) {
  useStyles(STYLES);
  useAtomInput(leadPageInputsAtom, { leadId, spId, apiVersion: apiVersion === 'v1' ? 'v1' : 'v2' });
  const runtime = useRuntime();
  const { t, analytics, emit } = runtime;
  const state = useServerRenderLoadable(leadPageLoadableAtom);
  const purchaseWindow = usePurchaseWindow(state.state === 'hasData' ? state.data.purchaseWindow : null);
  const reload = useSetAtom(leadPageReloadAtom);
  const retryable = state.state === 'hasError' && isRetryableError(state.error);
  // What 'Try again' does, by itself once the connection or the pro is back.
  useWhenBack(
    retryable,
    useCallback(() => reload((n) => n + 1), [reload]),
  );
  const announced = useRef<unknown>(null);
  const unlockedId = useId();
  const beFirstId = useId();

  useEffect(() => {
    analytics.page(LEAD_PAGE_ANALYTICS, { userType: 'Authenticated', leadId });
  }, [analytics, leadId]);

  useEffect(() => {
    if (state.state === 'loading' || announced.current === state) return;
    announced.current = state;
    if (state.state === 'hasData') emit('lk-load', { widget: 'lead-page' });
    else if (!(isGatewayError(state.error) && state.error.kind === 'aborted')) {
      const error = state.error;
      emit('lk-error', {
        widget: 'lead-page',
        status: isGatewayError(error) ? error.status : null,
        kind: isGatewayError(error) ? error.kind : 'unknown',
      });
    }
  }, [state, emit]);

  let content;
  if (state.state === 'loading') {
    content = <LeadCardSkeleton />;
  } else if (state.state === 'hasError') {
    content = <ErrorBanner {...errorPanel(runtime, state.error, { customMessage: errorMessage ?? undefined, onRetry: () => reload((n) => n + 1) })} />;
  } else {
    const lead = state.data;
    content = (
      <>
        {lead.purchased ? (
          <div className="lk-notices">
            <section className="lk-notice lk-notice--success" part="unlocked" aria-labelledby={unlockedId}>
              <h2 id={unlockedId} className="lk-notice__title">
                {t('leadPage.unlocked')}
              </h2>
              <p>{t('leadPage.unlockedDetail')}</p>
            </section>
            <section className="lk-notice" part="be-first" aria-labelledby={beFirstId}>
              <h2 id={beFirstId} className="lk-notice__title">
                {t('leadPage.beFirst')}
              </h2>
              <p>{t('leadPage.beFirstDetail')}</p>
              {/* How many others may still buy it, and for how long: the reason to be first. */}
              {purchaseWindow ? <PurchaseWindowLine state={purchaseWindow} /> : null}
            </section>
          </div>
        ) : (
          // Spec §2: not purchased is 'no longer available' (the page has no way to buy). The
          // window's line beside it is extra: what is left of it, or why it is gone.
          <div className="lk-notice lk-notice--muted" part="unavailable" role="status">
            <p>{t('leadPage.unavailable')}</p>
            {purchaseWindow ? <PurchaseWindowLine state={purchaseWindow} /> : null}
          </div>
        )}
        <LeadCard lead={lead} />
      </>
    );
  }

  return (
    <div className="lk-lead-page" part="lead-page">
      <header className="lk-beta-banner" part="beta-banner">
        <p className="lk-beta-banner__brand">
          {t('leadPage.betaTitle')} <span className="lk-badge">{t('leadPage.betaBadge')}</span>
        </p>
        <p className="lk-beta-banner__tagline">{t('leadPage.tagline')}</p>
      </header>
      <div className="lk-lead-page__layout">
        <div className="lk-lead-page__main" aria-busy={state.state === 'loading'}>
          {content}
        </div>
        <SidePanel />
      </div>
    </div>
  );
}
