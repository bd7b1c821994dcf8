import { useRuntime } from '../../../runtime/runtime';
import { useStyles } from '../../../runtime/styles';
import { Dialog } from '../../../ui/dialog';
import dialogCss from '../../../ui/dialog.css?inline';

const STYLES = [dialogCss];

/**
 * Closing a lead as won asks for a review (behind the new-review-request experiment):
 * 'Request a Review' opens the review request, 'No thanks' closes.
 */
export function ClosePrompt({ open, onClose, onRequestReview }: { open: boolean; onClose(): void; onRequestReview(): void }) {
  useStyles(STYLES);
  const { t } = useRuntime();
  return (
    <Dialog open={open} onClose={onClose} title={t('closePrompt.requestReview')} closeLabel={t('dialog.close')} part="close-prompt">
      <p>{t('closePrompt.text')}</p>
      <div className="lk-notes__actions">
        <button type="button" className="lk-button" onClick={onRequestReview}>
          {t('closePrompt.requestReview')}
        </button>
        <button type="button" className="lk-button" data-variant="secondary" onClick={onClose}>
          {t('closePrompt.noThanks')}
        </button>
      </div>
    </Dialog>
  );
}
