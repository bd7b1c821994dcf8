import { useRef, useState, type ReactNode } from 'react';
import { useSetAtom } from 'jotai/react';
import type { ProjectField } from '../../../domain/funnel/lead';
import type { UrgencyOptionId } from '../../../domain/funnel-questions';
import { challengeHref } from '../../../gateway/core/challenge';
import { describeGatewayError, isAbortError, type GatewayError } from '../../../gateway/core/errors';
import type { MessageKey } from '../../../i18n/en-US';
import { useRuntime } from '../../../runtime/runtime';
import { Dialog } from '../../../ui/dialog';
import { settleChallengeAtom, submitProjectAtom } from '../state/project-step-atoms';

/** Sending the project step (project-step.tsx): the create, its challenge, and what the step says after. */

/** What the step says about a send, right above 'Review request'. */
export type Notice =
  | { readonly kind: 'challenge' | 'challengeFailed'; readonly url: string | null }
  | { readonly kind: 'failed'; readonly error: GatewayError | null };

/**
 * The send of the confirmation modal: one request per click run (a click while sending or after
 * the lead was created does nothing). A 511 closes the modal (the create's challenge callback),
 * the host's challenge runs and the create is replayed once; fields with problems go to
 * `onProblems` (the first one gets the focus); anything else becomes the notice. Every failure
 * (network, a 4xx or 5xx, the 511, a token that could not be had, a replay that brought no lead)
 * fires `lk-error` `{ widget: 'raq-funnel', status, kind }` on the element: the request is kept
 * on this device (state/kept-request-atoms.ts), and the host hears that it did not reach a pro.
 */
export function useProjectSend(onProblems: (problems: readonly ProjectField[]) => void) {
  const { client, emit } = useRuntime();
  const tell = (error: GatewayError) => emit('lk-error', { widget: 'raq-funnel', status: error.status, kind: error.kind });
  const submitProject = useSetAtom(submitProjectAtom);
  const settleChallenge = useSetAtom(settleChallengeAtom);
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const sendingRef = useRef(false);

  async function send() {
    // One request per click run: a click while sending or after the lead was created does nothing.
    if (sendingRef.current) return;
    sendingRef.current = true;
    setSending(true);
    const result = await submitProject({ onChallenge: () => setConfirming(false) });
    setSending(false);
    if (result.ok) return; // the funnel moves on to the suggestions (the click guard stays)
    sendingRef.current = false;
    setConfirming(false);
    if (result.problems?.length) {
      onProblems(result.problems);
      return;
    }
    if (result.error && !isAbortError(result.error)) tell(result.error);
    if (result.challenge) {
      const url = challengeHref(result.error?.body, client.baseURL, client.reportSetup);
      setNotice({ kind: 'challenge', url });
      // Passed: the replayed create moves the funnel on. Not passed: nothing was created. Passed
      // but no lead came back (a lost answer): a failed send, like any other (Send again keeps its key).
      const settled = await settleChallenge();
      if (settled.kind === 'not-passed') setNotice({ kind: 'challengeFailed', url });
      else if (settled.kind === 'failed') {
        if (!isAbortError(settled.error)) tell(settled.error);
        setNotice(isAbortError(settled.error) ? null : { kind: 'failed', error: settled.error });
      }
      return;
    }
    if (result.error && isAbortError(result.error)) return;
    setNotice({ kind: 'failed', error: result.error });
  }

  return { confirming, setConfirming, sending, notice, setNotice, send };
}

/** The notice about a send: the challenge (and its link), or the failure with the gateway's reason. */
export function SendNotice({ notice }: { readonly notice: Notice | null }): ReactNode {
  const { t } = useRuntime();
  if (notice?.kind === 'challenge' || notice?.kind === 'challengeFailed') {
    return (
      <div className="lk-funnel__notice" part="funnel-notice" role={notice.kind === 'challenge' ? 'status' : 'alert'} data-kind={notice.kind}>
        <p>{t(notice.kind === 'challenge' ? 'funnel.project.challenge' : 'funnel.project.challengeFailed')}</p>
        {notice.url ? (
          <a href={notice.url} target="_blank" rel="noopener noreferrer">
            {t('challenge.link')}
          </a>
        ) : null}
      </div>
    );
  } else if (notice?.kind === 'failed') {
    const description = describeGatewayError(notice.error);
    return (
      <div className="lk-funnel__notice" part="funnel-notice" role="alert" data-kind="failed">
        <p>{t('funnel.project.failed')}</p>
        <p className="lk-funnel__muted">
          {description.titleKey ? <span className="lk-funnel__status-title">{t(description.titleKey)}</span> : null}
          <span>{t(description.detailKey)}</span>
        </p>
      </div>
    );
  }
  return null;
}

/** 'Send your request?': to whom, what and when; 'Send request' or back to the form ('Edit'). */
export function ConfirmDialog({
  open,
  sending,
  provider,
  categoryName,
  urgencyId,
  onSend,
  onEdit,
}: {
  readonly open: boolean;
  readonly sending: boolean;
  readonly provider: { readonly name: string | null } | null;
  readonly categoryName: string;
  readonly urgencyId: UrgencyOptionId;
  readonly onSend: () => void;
  readonly onEdit: () => void;
}): ReactNode {
  const { t } = useRuntime();
  return (
    <Dialog open={open} onClose={() => !sending && onEdit()} title={t('funnel.confirm.title')} closeLabel={t('dialog.close')} part="funnel-confirm">
      <div className="lk-funnel__confirm">
        <p>{provider ? (provider.name ? t('funnel.confirm.toPro', { name: provider.name }) : t('funnel.confirm.toProUnnamed')) : t('funnel.confirm.toPros')}</p>
        <dl className="lk-funnel__facts">
          <div>
            <dt>{t('funnel.project.service')}</dt>
            <dd>{categoryName}</dd>
          </div>
          <div>
            <dt>{t('lead.projectTiming')}</dt>
            <dd>{t(`funnel.urgency.${urgencyId}` as MessageKey)}</dd>
          </div>
        </dl>
        <div className="lk-funnel__actions">
          <button type="button" className="lk-button" part="funnel-send" aria-disabled={sending || undefined} onClick={onSend}>
            {t('funnel.confirm.send')}
          </button>
          <button type="button" className="lk-button" data-variant="secondary" disabled={sending} onClick={onEdit}>
            {t('funnel.confirm.edit')}
          </button>
          <span className="lk-funnel__busy" role="status">
            {sending ? t('funnel.confirm.sending') : ''}
          </span>
        </div>
      </div>
    </Dialog>
  );
}
