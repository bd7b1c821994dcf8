import { useEffect, useId, useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import {
  HIDE_THIMBLE_FOR_ALL_LEADS,
  initialInsuranceBanner,
  insuranceBannerReducer,
  type InsuranceBannerEffect,
  type InsuranceBannerEvent,
  type InsuranceBannerState,
} from '../../../domain/insurance-banner';
import { bannerVisible } from '../../../domain/insurance-offer';
import { shownLink } from '../../../gateway/core/shown-link';
import { addDisplayPreferences } from '../../../gateway/lead/calls';
import type { Lead } from '../../../gateway/office/schemas';
import { useRuntime } from '../../../runtime/runtime';
import { useStyles } from '../../../runtime/styles';
import {
  hiddenInsuranceLeadIds,
  INSURANCE_STYLES,
  InsuranceIcon,
  InsuranceOfferText,
  INSURER_INPUT,
  INSURER_LINK,
  rememberInsuranceHidden,
} from './insurance-offer';

export interface InsuranceBannerProps {
  /** The lead whose card shows the banner; without a (safe https) `thimbleUrl` nothing renders. */
  lead: Pick<Lead, 'leadId' | 'thimbleUrl'>;
  spId: number;
  /** The provider chose 'Not at all' (this session, or HideThimbleForAllLeads known otherwise). */
  hiddenForAll: boolean;
  /** 'Not at all' was chosen: hide the banner on every lead of the board now. */
  onHideForAll: () => void;
}

const TABBABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** When the closing banner held focus: the next focusable thing after it (else before it). */
function focusNear(element: HTMLElement) {
  const root = element.getRootNode() as Document | ShadowRoot;
  const candidates = [...root.querySelectorAll<HTMLElement>(TABBABLE)].filter((node) => !element.contains(node) && !node.closest('[hidden]'));
  const after = candidates.find((node) => element.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING);
  const before = candidates.filter((node) => element.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_PRECEDING).at(-1);
  (after ?? before)?.focus();
}

/**
 * The liability-insurance promotion on a lead card, driven by the
 * domain reducer: original → dismiss question ('Not for this job' / 'Not at all') → thank-you
 * (closes after 2 s) → closed. 'Not for this job' remembers the lead in localStorage;
 * 'Not at all' hides the banner on every lead at once (`onHideForAll`) and stores
 * HideThimbleForAllLeads through add-display-preferences (should that call fail, this lead
 * is still remembered locally; the spec has no failure text for it).
 *
 * The purchase link shows the transition banner for 2 s, then opens the insurer page in a new
 * tab. Choice: the tab is opened when the transition ends (`window.open` then `opener = null`),
 * not as a blank tab at click time — a blank tab would take the user away from the transition
 * banner it exists to show. Chromium and Firefox allow a pop-up within 5 s of the click; where
 * a browser blocks it (Safari's window is shorter), the banner says so and offers a plain link.
 * A host router can take over through the cancelable `lk-navigate` (kind 'insurer'), fired when
 * the tab would open. A modified click (Ctrl/Cmd/Shift, middle button) skips the transition.
 * Timers stop on unmount.
 */
export function InsuranceBanner(props: InsuranceBannerProps) {
  // A different lead is a different banner (state, timers).
  return <Banner key={String(props.lead.leadId)} {...props} />;
}

function Banner({ lead, spId, hiddenForAll, onHideForAll }: InsuranceBannerProps) {
  useStyles(INSURANCE_STYLES);
  const { t, client, emit, onLinkClick } = useRuntime();
  const questionId = useId();
  // https only; a refused URL shows no banner, and the developer is told.
  const href = shownLink(lead.thimbleUrl, INSURER_INPUT, INSURER_LINK, client.reportSetup);
  const [hiddenAtMount] = useState(hiddenInsuranceLeadIds);
  const [state, setState] = useState<InsuranceBannerState>(() => initialInsuranceBanner(lead.leadId));
  const [choice, setChoice] = useState<'lead' | 'all' | null>(null);
  const [blocked, setBlocked] = useState(false);

  const stateRef = useRef(state);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const restoreFocus = useRef(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const purchaseRef = useRef<HTMLAnchorElement>(null);
  const questionRef = useRef<HTMLDivElement>(null);
  const messageRef = useRef<HTMLParagraphElement>(null);

  const clearTimer = () => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  };
  useEffect(() => clearTimer, []);

  function openInsurer() {
    if (!href) return;
    const view = rootRef.current?.ownerDocument.defaultView ?? window;
    const url = new URL(href, view.document.baseURI).href;
    if (!emit('lk-navigate', { url, kind: 'insurer', newTab: true })) return;
    const opened = view.open(url, '_blank');
    if (!opened) {
      setBlocked(true);
      return;
    }
    setBlocked(false);
    try {
      // Still the initial blank document, ours to change: the insurer page gets no handle on this one.
      opened.opener = null;
    } catch {
      // Already cross-origin in some browser: nothing more to do.
    }
  }

  function run(effect: InsuranceBannerEffect) {
    switch (effect.effect) {
      case 'hideForLead':
        setChoice('lead');
        rememberInsuranceHidden(effect.leadId);
        break;
      case 'hideForAllLeads': {
        setChoice('all');
        onHideForAll();
        const leadId = lead.leadId;
        addDisplayPreferences(client, spId, [HIDE_THIMBLE_FOR_ALL_LEADS]).catch(() => rememberInsuranceHidden(leadId));
        break;
      }
      case 'startTimer':
        clearTimer();
        timer.current = setTimeout(() => {
          timer.current = null;
          dispatchRef.current({ type: 'timerElapsed' });
        }, effect.ms);
        break;
      case 'openInsurer':
        openInsurer();
        break;
    }
  }

  function dispatch(event: InsuranceBannerEvent) {
    const step = insuranceBannerReducer(stateRef.current, event);
    // Events that do not apply (a double click, a stale timer) return the same state.
    if (step.state === stateRef.current) return;
    const root = rootRef.current;
    const active = root ? (root.getRootNode() as Document | ShadowRoot).activeElement : null;
    // The focused control is about to be replaced: put focus on what replaces it.
    restoreFocus.current = !!root && !!active && root.contains(active);
    stateRef.current = step.state;
    setState(step.state);
    for (const effect of step.effects) run(effect);
  }
  const dispatchRef = useRef(dispatch);
  useLayoutEffect(() => {
    dispatchRef.current = dispatch;
  });

  useLayoutEffect(() => {
    if (!restoreFocus.current) return;
    restoreFocus.current = false;
    const targets = { original: purchaseRef, dismissQuestion: questionRef, thankYou: messageRef, transition: messageRef, closed: null };
    const target = targets[state.phase];
    if (target) target.current?.focus();
    else if (rootRef.current) focusNear(rootRef.current);
  }, [state.phase]);

  function onPurchase(event: MouseEvent<HTMLAnchorElement>) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) {
      // Asked for a new tab or window: the browser opens it, no transition.
      onLinkClick(event, 'insurer');
      return;
    }
    event.preventDefault();
    setBlocked(false);
    dispatch({ type: 'clickPurchase' });
  }

  const { phase } = state;
  if (!href) return null;
  // The thank-you stays up for its 2 s even though the choice just hid the banner.
  if (phase !== 'closed' && phase !== 'thankYou' && !bannerVisible(lead.leadId, hiddenAtMount, hiddenForAll)) return null;
  if (phase === 'closed') return <div ref={rootRef} hidden />;

  const dismissButton = (
    <button type="button" className="lk-icon-button lk-insurance__dismiss" aria-label={t('insurance.dismiss')} onClick={() => dispatch({ type: 'dismiss' })}>
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
      </svg>
    </button>
  );
  const newTab = <span className="lk-visually-hidden"> {t('insurance.newTab')}</span>;

  return (
    <div ref={rootRef} className="lk-insurance" part="insurance-banner" data-phase={phase}>
      <InsuranceIcon />
      {phase === 'original' ? (
        <>
          <div className="lk-insurance__content">
            <InsuranceOfferText />
            {blocked ? (
              <p className="lk-insurance__blocked" role="status">
                {t('insurance.popupBlocked')}{' '}
                <a href={href} target="_blank" rel="noopener noreferrer" onClick={(event) => onLinkClick(event, 'insurer')}>
                  {t('insurance.openInsurer')}
                  {newTab}
                </a>
              </p>
            ) : null}
          </div>
          <a
            ref={purchaseRef}
            className="lk-button lk-insurance__purchase"
            part="insurance-purchase"
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            onClick={onPurchase}
          >
            {t('insurance.purchase')}
            {newTab}
          </a>
          {dismissButton}
        </>
      ) : null}
      {phase === 'dismissQuestion' ? (
        <>
          <div ref={questionRef} className="lk-insurance__content lk-insurance__question" role="group" aria-labelledby={questionId} tabIndex={-1}>
            <p id={questionId} className="lk-insurance__text">
              <strong>{t('insurance.question')}</strong>
            </p>
            <div className="lk-insurance__answers">
              <button type="button" className="lk-button" data-variant="secondary" onClick={() => dispatch({ type: 'chooseNotForThisJob' })}>
                {t('insurance.notForThisJob')}
              </button>
              <button type="button" className="lk-button" data-variant="secondary" onClick={() => dispatch({ type: 'chooseNotAtAll' })}>
                {t('insurance.notAtAll')}
              </button>
            </div>
          </div>
          {dismissButton}
        </>
      ) : null}
      {phase === 'thankYou' ? (
        <p ref={messageRef} className="lk-insurance__content lk-insurance__text" role="status" tabIndex={-1}>
          {t(choice === 'all' ? 'insurance.thanks.all' : 'insurance.thanks.lead')}
        </p>
      ) : null}
      {phase === 'transition' ? (
        <p ref={messageRef} className="lk-insurance__content lk-insurance__text" role="status" tabIndex={-1}>
          <span className="lk-insurance__spinner" aria-hidden="true" />
          {t('insurance.transition')}
        </p>
      ) : null}
    </div>
  );
}
