import { Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useAtomValue } from 'jotai/react';
import type { Lead } from '../../../gateway/office/schemas';
import { useRuntime } from '../../../runtime/runtime';
import { boardInputsAtom } from '../board-atoms';
import type { MessageTarget } from '../list/message-link';
import { QuickReplyComposer } from '../quick-reply/quick-reply-loader';

/** Starts the composer's chunk when the pro reaches for the button (a failure shows on the tap). */
const warm = () => void QuickReplyComposer.preload().catch(() => undefined);

/**
 * The card's quick answer (issue 53 §1, docs/widgets/lead-board.md#quick-answer): 'Quick reply'
 * in the header's actions while the lead waits for its first answer, and its composer under the
 * header — its code loads on the first tap (or as the pointer or focus reaches the button),
 * never with the board. Once a message went from it the composer stays (closed: hidden), so
 * its state and Retry are there when it opens again, after the cue (and the button) went.
 * Closing it brings focus back to the button, or to the card's Message button once the button
 * has gone.
 */
export function useQuickReply(lead: Lead, respondFirst: boolean, message: MessageTarget): { button: ReactNode; composer: ReactNode } {
  const { t } = useRuntime();
  const { spId } = useAtomValue(boardInputsAtom);
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const composerId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const slotRef = useRef<HTMLDivElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (open || !refocus.current) return;
    refocus.current = false;
    const card = slotRef.current?.closest('li');
    (buttonRef.current ?? card?.querySelector<HTMLElement>('[part="message-button"]'))?.focus();
  }, [open]);

  const close = () => {
    refocus.current = true;
    setOpen(false);
  };
  const showButton = spId !== null && (respondFirst || open);
  const button = showButton ? (
    <button
      ref={buttonRef}
      type="button"
      className="lk-button"
      data-variant="primary"
      part="quick-reply"
      aria-expanded={open}
      aria-controls={open ? composerId : undefined}
      onPointerEnter={warm}
      onFocus={warm}
      onClick={() => (open ? close() : setOpen(true))}
    >
      {t('board.quickReply')}
    </button>
  ) : null;
  const composer =
    spId !== null && (open || used) ? (
      <div ref={slotRef} id={composerId} className="lk-card__quick">
        <Suspense fallback={null}>
          <QuickReplyComposer lead={lead} spId={spId} message={message} open={open} onClose={close} onUsed={() => setUsed(true)} />
        </Suspense>
      </div>
    ) : null;
  return { button, composer };
}
