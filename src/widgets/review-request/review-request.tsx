import { Suspense, useEffect, useState } from 'react';
import { useRuntime } from '../../runtime/runtime';
import { ReviewRequestModal } from './modal-loader';
import type { WidgetAttributeProps } from '../../contract/tags';

/** Its tag's attributes (src/contract/tags.ts; described on its element), and what the board gives it inside a card. */
export interface ReviewRequestProps extends WidgetAttributeProps<'review-request'> {
  /**
   * Controlled: the modal shows while true and no trigger button is rendered (the board opens
   * it). Left out (undefined/null), the widget renders its own 'Request a Review' button.
   */
  open?: boolean | null;
  /** The modal asks to close: ×, Esc, or 5 s after the thank-you message. */
  onClose?: (() => void) | null;
}

const preloadModal = () => void ReviewRequestModal.preload();

/**
 * The review-request modal (docs/widgets/review-request.md): a 'Request a Review' button (or,
 * controlled, the board's own opener) and the
 * modal it opens. The lead's draft review keeps the work described between openings (see
 * ReviewRequestForm). Fires `lk-review-request` {leadId, draftReviewId} on success.
 *
 * The first load is the button: the modal's code loads when the browser is idle after it, on
 * hover or focus of the button, or at the latest when the modal opens.
 */
export function ReviewRequestRoot({ spId = null, leadId = null, open, onClose }: ReviewRequestProps) {
  const { t } = useRuntime();
  const controlled = open !== undefined && open !== null;
  const [ownOpen, setOwnOpen] = useState(false);
  const isOpen = controlled ? open : ownOpen;
  // Mounted from the first opening on (its effects track later openings and closings).
  const [opened, setOpened] = useState(isOpen);
  if (isOpen && !opened) setOpened(true);
  useEffect(() => {
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(preloadModal, { timeout: 3000 });
      return () => cancelIdleCallback(handle);
    }
    const handle = setTimeout(preloadModal, 200);
    return () => clearTimeout(handle);
  }, []);
  const close = () => {
    if (!controlled) setOwnOpen(false);
    onClose?.();
  };
  return (
    <>
      {controlled ? null : (
        <button
          type="button"
          className="lk-button"
          part="trigger"
          aria-haspopup="dialog"
          onPointerEnter={preloadModal}
          onFocus={preloadModal}
          onClick={() => setOwnOpen(true)}
        >
          {t('review.title')}
        </button>
      )}
      {opened ? (
        <Suspense fallback={null}>
          <ReviewRequestModal spId={spId} leadId={leadId} open={isOpen} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
