import { useEffect, useRef } from 'react';
import { useAtomValue, useSetAtom } from 'jotai/react';
import { errorPanel } from '../../runtime/error-panel';
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

const STYLES = [dialogCss, multiSelectCss, reviewRequestCss];

export interface ReviewRequestModalProps {
  spId: number | null;
  leadId: number | null;
  open: boolean;
  onClose(): void;
}

/**
 * The review-request modal itself: a chunk of its own, loaded when the widget's button is
 * near (idle time, hover, focus) or the modal opens — the widget's first load is its button.
 * Loads the customer pre-fill and the categories when opened, shows the contact summary, the
 * form after 'Edit', sends the request and thanks, then closes after 5 s.
 */
export function ReviewRequestModal({ spId, leadId, open, onClose }: ReviewRequestModalProps) {
  useStyles(STYLES);
  useAtomInput(reviewRequestInputsAtom, { spId, leadId });
  const { t } = useRuntime();
  // Each opening loads afresh (the customer's details, the categories, the draft as last saved):
  // closing marks the loaded data stale.
  const reload = useSetAtom(reviewRequestReloadAtom);
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open) reload((n) => n + 1);
    wasOpen.current = open;
  }, [open, reload]);
  return (
    <Dialog open={open} onClose={onClose} title={t('review.title')} closeLabel={t('dialog.close')} part="review-request">
      {open ? <ReviewRequestBody onDone={onClose} /> : null}
    </Dialog>
  );
}

/** Loading, load failure (with 'Try again') or the form. Mounted only while the modal is open. */
function ReviewRequestBody({ onDone }: { onDone(): void }) {
  const runtime = useRuntime();
  const { t } = runtime;
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
    return <ErrorBanner {...errorPanel(runtime, state.error, { onRetry: () => reload((n) => n + 1) })} />;
  }
  // Keyed by the data: new inputs (another lead) start a fresh form.
  return <ReviewRequestForm key={`${state.data.spId}-${state.data.leadId}`} data={state.data} onDone={onDone} />;
}
