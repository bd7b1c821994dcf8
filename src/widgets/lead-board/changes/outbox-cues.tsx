import { useAtomValue, useSetAtom } from 'jotai/react';
import { leadStatusLabelKey, type LeadStatus } from '../../../domain/lead-status';
import { useRuntime } from '../../../runtime/runtime';
import { outboxEntriesAtom, queuedLeadsAtom } from './outbox-atoms';
import { resolveOutboxConflictAtom } from './change-engine';

/**
 * What the offline outbox shows (outbox-atoms.ts): on a card, 'Not sent yet' while a change made
 * offline waits for the connection, and a conflict with the pro's choice; over the list, how
 * many changes wait (an archived lead's card has left the list).
 */

/** 'Not sent yet' in a card's name line (part `outbox-pending`), while one of its changes waits; nothing otherwise. */
export function OutboxPending({ leadId }: { leadId: number }) {
  const { t } = useRuntime();
  const queued = useAtomValue(queuedLeadsAtom).get(leadId);
  if (!queued || queued.conflict) return null;
  return (
    <span className="lk-card__pending" part="outbox-pending" title={t('board.outbox.pendingHint')}>
      {t('board.outbox.pending')}
    </span>
  );
}

/**
 * A change made offline that meets a lead changed on the gateway meanwhile (part
 * `outbox-conflict`): what it is there now, and the pro's choice — their change sent all the
 * same, or the gateway's kept. Never overwritten without that choice.
 */
export function OutboxConflict({ leadId }: { leadId: number }) {
  const { t } = useRuntime();
  const queued = useAtomValue(queuedLeadsAtom).get(leadId);
  const resolve = useSetAtom(resolveOutboxConflictAtom);
  if (!queued?.conflict) return null;
  const { entry, conflict } = queued;
  const text =
    entry.change.kind === 'status' && conflict.server
      ? t('board.outbox.conflictStatus', { status: t(leadStatusLabelKey(conflict.server as LeadStatus)) })
      : t('board.outbox.conflictNotes');
  return (
    <div className="lk-card__conflict" part="outbox-conflict" role="group" aria-label={t('board.outbox.conflictLabel')}>
      <p>{text}</p>
      <div className="lk-card__conflict-actions">
        <button type="button" className="lk-button" data-variant="primary" onClick={() => void resolve({ entryId: entry.id, keep: 'mine' })}>
          {t('board.outbox.keepMine')}
        </button>
        <button type="button" className="lk-button" data-variant="secondary" onClick={() => void resolve({ entryId: entry.id, keep: 'theirs' })}>
          {t('board.outbox.keepTheirs')}
        </button>
      </div>
    </div>
  );
}

/** Over the list (part `outbox`): how many changes wait for the connection, in a polite live region that is always there. */
export function OutboxSummary() {
  const { t } = useRuntime();
  const waiting = useAtomValue(outboxEntriesAtom).filter((entry) => !entry.conflict).length;
  return (
    <p className="lk-board__outbox" part="outbox" role="status">
      {waiting ? (
        <span className="lk-board__outbox-pill">{t(waiting === 1 ? 'board.outbox.waitingOne' : 'board.outbox.waiting', { count: waiting })}</span>
      ) : null}
    </p>
  );
}
