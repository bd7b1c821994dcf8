import { useCallback, useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai/react';
import { chatFactoryFor, hasChatFactory } from '../../../chat/chat-factory';
import { messageSendOptions } from '../../../chat/message-sender';
import type { Lead } from '../../../gateway/office/schemas';
import { useRuntime } from '../../../runtime/runtime';
import { boardChatServiceAtom } from '../board-host';
import { useExternalStore } from '../../../ui/external-store';
import { QUICK_SEND_IDLE, QuickSendSession, type QuickSendSnapshot } from './quick-send-session';

export interface QuickSend extends QuickSendSnapshot {
  /** Sends `text` once; resolves when the gateway took it (now, after a Retry or when back online). */
  send(text: string): Promise<void>;
  /** Sends a failed message again, with its own idempotency key. */
  retry(): void;
}

const idle = () => QUICK_SEND_IDLE;

/**
 * The quick answer's send (quick-send-session.ts), made at Send — opening the composer sends and
 * opens nothing — and closed with the composer. Once the gateway took the message the lead is
 * answered on this device: the 'Respond first' cue ends (answered-leads.ts), as after a send from
 * the thread. A failed message goes again by Retry or when the device is back online (the sender
 * does it, chat/message-sender.ts), with the same key: never twice.
 */
export function useQuickSend(lead: Lead, spId: number): QuickSend {
  const { client, chat, now, emit } = useRuntime();
  const chatService = useAtomValue(boardChatServiceAtom);
  const [session, setSession] = useState<QuickSendSession | null>(null);
  const latest = useRef({ lead, now, emit });
  useEffect(() => {
    latest.current = { lead, now, emit };
  });
  const snapshot = useExternalStore(session, idle);
  useEffect(() => (session ? () => session.close() : undefined), [session]);

  const send = useCallback(
    (text: string) => {
      if (session) return Promise.resolve();
      const { leadId, customerInfo } = latest.current.lead;
      const contactContext = () => {
        const { customerInfo: customer, category } = latest.current.lead;
        return customer.postalCode ? { postalCode: customer.postalCode, categoryId: category.id } : null;
      };
      const opened = new QuickSendSession({
        ...messageSendOptions({ gateway: client, spId, userId: customerInfo.userId, leadId, contactContext }, () => latest.current),
        // No adapter (npm's leadkit, no `chat` given): no chat to open, no chat session asked for.
        factory: hasChatFactory(chat, chatService) ? chatFactoryFor(chat, chatService) : null,
        leadId,
      });
      setSession(opened);
      return opened.send(text);
    },
    [session, client, chat, chatService, spId],
  );
  const retry = useCallback(() => session?.retry(), [session]);

  return { ...snapshot, send, retry };
}
