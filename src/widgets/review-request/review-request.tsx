import { useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai/react';
import { describeGatewayError } from '../../gateway/errors';
import { useRuntime } from '../../runtime/runtime';
import { useStyles } from '../../runtime/styles';
import { useAtomInput } from '../../runtime/use-atom-input';
import { Dialog } from '../../ui/dialog';
import dialogCss from '../../ui/dialog.css?inline';
import { ErrorBanner } from '../../ui/error-banner';
import multiSelectCss from '../../ui/multi-select.css?inline';
import { reviewRequestInputsAtom, reviewRequestLoadableAtom, reviewRequestReloadAtom } from './review-request-atoms';
import { ReviewRequestForm } from './review-request-form';
import reviewRequestCss from './review-request.css?inline';

export interface ReviewRequestProps {
  /** The provider asking for the review. */
  spId?: number | null;
  /** The lead whose customer is asked. */
  leadId?: number | null;
  /**
   * Controlled: the modal shows while true and no trigger button is rendered (the board opens
   * it). Left out (undefined/null), the widget renders its own 'Request a Review' button.
   */
  open?: boolean | null;
  /** The modal asks to close: ×, Esc, or 5 s after the thank-you message. */
  onClose?: (() => void) | null;
}

const STYLES = [dialogCss, multiSelectCss, reviewRequestCss];

/**
 * The review-request modal (spec §3 "Review request by e-mail", §4 "Review request (board)",
 * §5, §8, §9): loads the customer pre-fill and the categories when opened, shows the contact
 * summary, the form after 'Edit', sends the request and thanks, then closes after 5 s.
 * Fires `lk-review-request` {leadId, draftReviewId} on success.
 */
export function ReviewRequest({ spId = null, leadId = null, open, onClose }: ReviewRequestProps) {
  useStyles(STYLES);
  useAtomInput(reviewRequestInputsAtom, { spId, leadId });
  const { t } = useRuntime();
  const controlled = open !== undefined && open !== null;
  const [ownOpen, setOwnOpen] = useState(false);
  const isOpen = controlled ? open : ownOpen;
  const close = () => {
    if (!controlled) setOwnOpen(false);
    onClose?.();
  };
  return (
    <>
      {controlled ? null : (
        <button type="button" className="lk-button" part="trigger" aria-haspopup="dialog" onClick={() => setOwnOpen(true)}>
          {t('review.title')}
        </button>
      )}
      <Dialog open={isOpen} onClose={close} title={t('review.title')} closeLabel={t('dialog.close')} part="review-request">
        {isOpen ? <ReviewRequestBody onDone={close} /> : null}
      </Dialog>
    </>
  );
}

/** Loading, load failure (with 'Try again') or the form. Mounted only while the modal is open. */
function ReviewRequestBody({ onDone }: { onDone(): void }) {
  const { t } = useRuntime();
  const state = useAtomValue(reviewRequestLoadableAtom);
  const reload = useSetAtom(reviewRequestReloadAtom);
  if (state.state === 'loading') {
    return (
      <p className="lk-review-request__loading" role="status" aria-busy="true">
        {t('review.loading')}
      </p>
    );
  }
  if (state.state === 'hasError') {
    const description = describeGatewayError(state.error);
    return (
      <ErrorBanner
        title={description.titleKey ? t(description.titleKey) : undefined}
        detail={description.customMessage ?? t(description.detailKey)}
        action={
          <button type="button" className="lk-button" data-variant="secondary" onClick={() => reload((n) => n + 1)}>
            {t('action.retry')}
          </button>
        }
      />
    );
  }
  // Keyed by the data: new inputs (another lead) start a fresh form.
  return <ReviewRequestForm key={`${state.data.spId}-${state.data.leadId}`} data={state.data} onDone={onDone} />;
}
