import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { useAtomValue, useSetAtom } from 'jotai/react';
import type { Lead } from '../../../gateway/office/schemas';
import { useRuntime } from '../../../runtime/runtime';
import { boardViewAtom, replyRequestAtom } from '../view/view-atoms';
import type { MessageTarget } from '../list/message-link';
import { QuickReplyComposer } from '../quick-reply/quick-reply-loader';

/**
 * The card's quick answer (docs/widgets/lead-board.md#quick-answer): 'Quick reply'
 * in the header's actions while the lead waits for its first answer, and its composer under the
 * header, whose code loads on the first tap — never with the board (all but this button is in
 * the composer's chunk, focus on closing included). Once opened the composer stays (closed:
 * hidden), so a message's state and Retry are there when it opens again, after the cue (and the
 * button) went. A reply asked for from outside the card (a new-lead notification's click, `reply`:
 * the view's `reply`) opens it too, focus in it, whether or not the lead still waits.
 */
export function useQuickReply(lead: Lead, respondFirst: boolean, message: MessageTarget): { button: ReactNode; composer: ReactNode } {
  const { t } = useRuntime();
  // 0: never opened; 1: open; 2: closed (the composer stays, hidden: its message's state and Retry are kept);
  // below 0: open, asked for from outside (each ask a new value: focus goes into the composer again).
  const [shown, setShown] = useState(0);
  const request = useAtomValue(replyRequestAtom);
  const view = useSetAtom(boardViewAtom);
  const asked = request?.leadId === lead.leadId ? request.seq : 0;
  useEffect(() => {
    if (asked) {
      setShown(-asked);
      view({ type: 'reply-taken' });
    }
  }, [asked, view]);
  const open = shown === 1 || shown < 0;
  return {
    button:
      respondFirst || open ? (
        <button type="button" className="lk-button" part="quick-reply" aria-expanded={open} onClick={() => setShown(open ? 2 : 1)}>
          {t('board.quickReply')}
        </button>
      ) : null,
    composer: shown ? (
      <Suspense fallback={null}>
        <QuickReplyComposer lead={lead} message={message} open={open} focusRequest={shown} onClose={() => setShown(2)} />
      </Suspense>
    ) : null,
  };
}
