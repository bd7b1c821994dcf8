import type { MouseEvent } from 'react';
import { useT } from '../runtime/runtime';
import { ErrorBanner } from '../ui/error-banner';
import { focusInPlace, placeOf } from '../ui/focus-first';
import type { PartFailedViewProps } from '../ui/lazy-part';

/** Whether the focus of `node`'s document or shadow root is in `node`'s subtree. */
function holdsFocus(node: Element): boolean {
  const active = (node.getRootNode() as Document | ShadowRoot).activeElement;
  return active !== null && node.contains(active);
}

/**
 * What an element shows in place of a part of its widget that failed to load (ui/lazy-part.ts):
 * the list, a card's body, the filter panel, a dialog, an office-app route. Says what to do and
 * loads it again on 'Try again' (and by itself once the device is back online); after a retry
 * that failed too, also offers 'Reload the page'.
 *
 * Focus: while the part is on its way the view stays, 'Try again' keeping the focus (pressed
 * again, it joins the same load); failed again, focus stays on it; when the part comes, focus
 * moves to its first control (it had been on 'Try again', which is gone) — not to the page.
 */
export function PartUnavailable({ retry, retrying, failures }: PartFailedViewProps) {
  const t = useT();
  const onRetry = (event: MouseEvent<HTMLButtonElement>) => {
    const root = event.currentTarget.closest('[part="part-unavailable"]');
    const place = root && holdsFocus(root) ? placeOf(root) : null;
    void retry().then((arrived) => {
      if (!arrived || !place) return;
      // After the commit that put the part in the view's place; only if focus went with the view.
      requestAnimationFrame(() => {
        const scope = place.parent.getRootNode() as Document | ShadowRoot;
        if (scope.activeElement === null || scope.activeElement === document.body) focusInPlace(place);
      });
    });
  };
  return (
    <ErrorBanner
      part="part-unavailable"
      detail={t('error.partUnavailable')}
      action={
        <>
          <button type="button" className="lk-button" data-variant="secondary" aria-disabled={retrying || undefined} onClick={onRetry}>
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
