import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useAtomValue } from 'jotai/react';
import { chatFactoryFor, hasChatFactory } from '../../../chat/chat-factory';
import { pageSessionStart } from '../../../gateway/lead/message-contact';
import type { Lead } from '../../../gateway/office/schemas';
import { useRuntime } from '../../../runtime/runtime';
import { boardChatServiceAtom } from '../board-host';
import { QuickSendSession, type QuickSendSnapshot } from './quick-send-session';

export interface QuickSend extends QuickSendSnapshot {
  /** Sends `text` once; resolves when the gateway took it (now, after a Retry or when back online). */
  send(text: string): Promise<void>;
  /** Sends a failed message again, with its own idempotency key. */
  retry(): void;
}

const IDLE: QuickSendSnapshot = { state: 'idle', text: '' };
const noSubscription = () => () => {};
const idle = () => IDLE;

/**
 * The quick answer's send (quick-send-session.ts), made at Send — opening the composer sends and
 * opens nothing — and closed with the composer. Once the gateway took the message the lead is
 * answered on this device: the 'Respond first' cue ends (answered-leads.ts), as after a send from
 * the thread. A failed message goes again by Retry or when the device is back online, with the
 * same key: never twice.
 */
export function useQuickSend(lead: Lead, spId: number): QuickSend {
  const { client, chat, now, emit } = useRuntime();
  const chatService = useAtomValue(boardChatServiceAtom);
  const [session, setSession] = useState<QuickSendSession | null>(null);
  const latest = useRef({ lead, now, emit });
  useEffect(() => {
    latest.current = { lead, now, emit };
  });
  const snapshot = useSyncExternalStore(session?.subscribe ?? noSubscription, session?.getSnapshot ?? idle, session?.getSnapshot ?? idle);
  useEffect(() => (session ? () => session.close() : undefined), [session]);

  const send = useCallback(
    (text: string) => {
      if (session) return Promise.resolve();
      const { leadId, customerInfo } = latest.current.lead;
      const opened = new QuickSendSession({
        gateway: client,
        // No adapter (npm's leadkit, no `chat` given): no chat to open, no chat session asked for.
        factory: hasChatFactory(chat, chatService) ? chatFactoryFor(chat, chatService) : null,
        spId,
        userId: customerInfo.userId,
        leadId,
        contactContext: () => {
          const { customerInfo: customer, category } = latest.current.lead;
          return customer.postalCode ? { postalCode: customer.postalCode, categoryId: category.id } : null;
        },
        sessionStartTimestamp: pageSessionStart(latest.current.now().getTime()),
        now: () => latest.current.now(),
        onSent: (messageId) => latest.current.emit('lk-message-send', { messageId, leadId }),
      });
      setSession(opened);
      return opened.send(text);
    },
    [session, client, chat, chatService, spId],
  );
  const retry = useCallback(() => session?.retry(), [session]);

  // Back online: a message that failed goes again (same key), as the pro's Retry would.
  useEffect(() => {
    if (snapshot.state !== 'failed') return;
    globalThis.addEventListener?.('online', retry);
    return () => globalThis.removeEventListener?.('online', retry);
  }, [snapshot.state, retry]);

  return { ...snapshot, send, retry };
}
