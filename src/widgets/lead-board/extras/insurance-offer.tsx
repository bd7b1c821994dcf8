import { bannerVisible, type LeadId } from '../../../domain/insurance-offer';
import { HTTPS_LINK, safeHref, type LinkRule } from '../../../domain/core/safe-url';
import type { Lead } from '../../../gateway/office/schemas';
import { useRuntime } from '../../../runtime/runtime';
import { useStyles } from '../../../runtime/styles';
import insuranceCss from './insurance-banner.css?inline';
import { localStore } from '../../../domain/local-store';

/**
 * What the open card knows of its insurance offer in its first frame, before the offer's code
 * (insurance-banner.tsx, in the card's extras part) has come: whether the card shows it, and a
 * placeholder of the offer's own size and layout, so the cards under it stay put when it comes
 * (on a phone the open card ends below the first screen; the offer arrives while the pro may be
 * scrolling to it, and Safari does not anchor the scroll).
 */

/**
 * localStorage key of the leads whose banner the provider hid ('Not for this job'). It holds a
 * JSON array of lead ids only — no names, e-mails or provider data.
 * @internal Exported for tests.
 */
export const INSURANCE_HIDDEN_STORAGE_KEY = 'leadkit:insurance-hidden';
/** The newest ids kept, so the list cannot grow without bound. */
const MAX_REMEMBERED = 500;
/** Used only when storage is unavailable (private mode, sandboxed frame): hidden for this page's life. */
const unsavedHidden = new Set<string>();

/** The insurer's page opens only over https: (the URL gate's rule for it; a path or any other scheme is refused). */
export const INSURER_LINK: LinkRule = HTTPS_LINK;
/** How a refused insurer link is named to the developer (a `link-refused` setup problem). */
export const INSURER_INPUT = "a lead's `thimbleUrl` (the insurer's link)";
export const INSURANCE_STYLES = [insuranceCss];

/** Lead ids (as strings) whose banner is hidden in this browser. */
export function hiddenInsuranceLeadIds(): string[] {
  const ids = new Set(unsavedHidden);
  try {
    const raw = localStore()?.getItem(INSURANCE_HIDDEN_STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) {
      for (const id of parsed) if (typeof id === 'string' || typeof id === 'number') ids.add(String(id));
    }
  } catch {
    // Unreadable or foreign data: treat as nothing hidden.
  }
  return [...ids];
}

/** Remembers that this lead's banner is hidden ('Not for this job'). */
export function rememberInsuranceHidden(leadId: LeadId): void {
  const id = String(leadId);
  const ids = hiddenInsuranceLeadIds().filter((known) => known !== id && !unsavedHidden.has(known));
  ids.push(id);
  try {
    const store = localStore();
    if (!store) throw new Error('no storage');
    store.setItem(INSURANCE_HIDDEN_STORAGE_KEY, JSON.stringify(ids.slice(-MAX_REMEMBERED)));
  } catch {
    unsavedHidden.add(id);
  }
}

/**
 * Whether a lead's card offers insurance now: a safe insurer link, and not hidden for this lead
 * (`hiddenIds`: hiddenInsuranceLeadIds()) or for all.
 */
export function insuranceOfferShows(lead: Pick<Lead, 'leadId' | 'thimbleUrl'>, hiddenForAll: boolean, hiddenIds: readonly string[]): boolean {
  return safeHref(lead.thimbleUrl, INSURER_LINK) !== null && bannerVisible(lead.leadId, hiddenIds, hiddenForAll);
}

export function InsuranceIcon() {
  return (
    <svg className="lk-insurance__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M12 2 4 5v6c0 5 3.4 9.4 8 11 4.6-1.6 8-6 8-11V5l-8-3Zm-1.2 14.2-3.5-3.5 1.4-1.4 2.1 2.1 4.9-4.9 1.4 1.4-6.3 6.3Z" />
    </svg>
  );
}

/** The offer's line of text (headline and price). */
export function InsuranceOfferText() {
  const { t } = useRuntime();
  return (
    <p className="lk-insurance__text">
      <strong>{t('insurance.headline')}</strong> <span className="lk-insurance__price">{t('insurance.price')}</span>
    </p>
  );
}

/**
 * The offer's box as it will first show, laid out by the offer's own CSS with its text, the
 * purchase button's label and the dismiss button's box, but shown empty: the same size at any
 * width and in any language, and under the host's styles of the offer's parts (it carries them
 * too). Nothing in it can be focused or read out (inert, aria-hidden) — it is replaced by the
 * live offer within moments.
 */
export function InsurancePlaceholder() {
  useStyles(INSURANCE_STYLES);
  const { t } = useRuntime();
  return (
    <div className="lk-insurance lk-insurance--placeholder" part="insurance-banner" aria-hidden="true" inert>
      <InsuranceIcon />
      <div className="lk-insurance__content">
        <InsuranceOfferText />
      </div>
      <span className="lk-button lk-insurance__purchase" part="insurance-purchase">
        {t('insurance.purchase')}
      </span>
      <span className="lk-icon-button lk-insurance__dismiss" />
    </div>
  );
}
