import type { MouseEvent } from 'react';
import type { Lead } from '../../../gateway/office/schemas';
import { useRuntime } from '../../../runtime/runtime';

/** Where a lead's Message link leads (lead-board.tsx picks it: the office inbox when enabled, else the conversation thread). */
export interface MessageTarget {
  readonly href: string;
  readonly kind: 'office-inbox' | 'conversation-thread';
}

/**
 * A lead's 'Message' link: the card header's Message button and the expanded card's
 * Message link are this one piece — the same target, the same cancelable `lk-navigate` first,
 * the same dot while the lead has unread messages. `look`: the header's is a (secondary)
 * button, the expanded card's a link in its location-and-contact section.
 */
export function MessageLink({ lead, target, look, part }: { lead: Lead; target: MessageTarget; look: 'button' | 'link'; part: string }) {
  const { t, onLinkClick } = useRuntime();
  return (
    <a
      className={look === 'button' ? 'lk-button' : 'lk-link-button lk-message-link'}
      data-variant={look === 'button' ? 'secondary' : undefined}
      href={target.href}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => onLinkClick(event, target.kind)}
      part={part}
    >
      <span>{t('board.message')}</span>
      {lead.hasUnreadMessages ? <span className="lk-card__unread-dot" role="img" aria-label={t('board.unreadMessages')} /> : null}
    </a>
  );
}
