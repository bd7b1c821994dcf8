import { useT } from '../runtime/runtime';
import { ErrorBanner } from '../ui/error-banner';
import type { PartFailedViewProps } from '../ui/lazy-part';

/**
 * What an element shows in place of a part of its widget that failed to load (ui/lazy-part.ts):
 * the list, a card's body, the filter panel, a dialog, an office-app route. Says what to do and
 * loads it again on 'Try again' (and by itself once the device is back online); after a retry
 * that failed too, also offers 'Reload the page'.
 */
export function PartUnavailable({ retry, failures }: PartFailedViewProps) {
  const t = useT();
  return (
    <ErrorBanner
      part="part-unavailable"
      detail={t('error.partUnavailable')}
      action={
        <>
          <button type="button" className="lk-button" data-variant="secondary" onClick={retry}>
            {t('action.retry')}
          </button>
          {/* A retry that failed too: in Firefox and WebKit only a reload asks for the code again. */}
          {failures > 1 ? (
            <button type="button" className="lk-button" data-variant="secondary" onClick={() => window.location.reload()}>
              {t('action.reloadPage')}
            </button>
          ) : null}
        </>
      }
    />
  );
}
