import { useId, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai/react';
import { NOTES_MAX_LENGTH, notesLength, validateNotes } from '../../../domain/notes';
import type { Lead } from '../../../gateway/office/schemas';
import { useRuntime } from '../../../runtime/runtime';
import { useStyles } from '../../../runtime/styles';
import { Dialog } from '../../../ui/dialog';
import dialogCss from '../../../ui/dialog.css?inline';
import { closeJobNotesAtom, jobNotesAtom, saveLeadNotesAtom } from '../changes/card-atoms';

const STYLES = [dialogCss];

/**
 * The job notes modal: 'Save and Close' sends the note update,
 * which replaces the lead's notes on the board, and closes; 'Discard' just closes. A failed
 * save keeps the modal open with the text and the spec's message.
 */
export function JobNotesDialog({ lead }: { lead: Lead }) {
  useStyles(STYLES);
  const { t } = useRuntime();
  const state = useAtomValue(jobNotesAtom);
  const close = useSetAtom(closeJobNotesAtom);
  const open = state.isOpen && state.leadId === lead.leadId;
  return (
    <Dialog open={open} onClose={() => close()} title={t('jobNotes.title')} closeLabel={t('dialog.close')} part="job-notes">
      {open ? <JobNotesForm lead={lead} initial={state.jobNotes} onDone={() => close()} /> : null}
    </Dialog>
  );
}

function JobNotesForm({ lead, initial, onDone }: { lead: Lead; initial: string; onDone(): void }) {
  const { t } = useRuntime();
  const save = useSetAtom(saveLeadNotesAtom);
  const [text, setText] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const labelId = useId();
  const countId = useId();
  const tooLong = validateNotes(text);
  return (
    <form
      className="lk-job-notes"
      onSubmit={async (event) => {
        event.preventDefault();
        if (saving || tooLong) return;
        setSaving(true);
        setFailed(false);
        try {
          await save({ lead, notes: text });
          onDone();
        } catch {
          setFailed(true);
        } finally {
          setSaving(false);
        }
      }}
    >
      <label id={labelId} className="lk-job-notes__label">
        {t('board.yourNotes')}
      </label>
      <textarea
        dir="auto"
        className="lk-job-notes__input"
        aria-labelledby={labelId}
        aria-describedby={countId}
        aria-invalid={tooLong ? true : undefined}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <p id={countId} className="lk-notes__count">
        {t('notes.count', { count: notesLength(text), max: NOTES_MAX_LENGTH })}
      </p>
      {tooLong ? (
        <p className="lk-field-error" role="alert">
          {t(tooLong.key, tooLong.params)}
        </p>
      ) : null}
      {failed ? (
        <p className="lk-field-error" role="alert">
          {t('error.notesUpdate')}
        </p>
      ) : null}
      <div className="lk-notes__actions">
        <button type="submit" className="lk-button" aria-disabled={saving || tooLong !== null}>
          {t('jobNotes.saveAndClose')}
        </button>
        <button type="button" className="lk-button" data-variant="secondary" onClick={onDone}>
          {t('jobNotes.discard')}
        </button>
      </div>
    </form>
  );
}
