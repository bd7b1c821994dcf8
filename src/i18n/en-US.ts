import { commonMessages } from './core/en-US-common';
import { validationMessages } from './en-US/validation';
import { leadPageMessages } from './en-US/lead-page';
import { leadSourceMessages } from './en-US/lead-source';
import { boardMessages } from './en-US/board';
import { boardCardMessages } from './en-US/board-card';
import { boardCardExtrasMessages } from './en-US/board-card-extras';
import { boardQuickReplyMessages } from './en-US/board-quick-reply';
import { boardFilterMessages } from './en-US/board-filters';
import { boardBulkMessages } from './en-US/board-bulk';
import { leadNotificationMessages } from './en-US/lead-notifications';
import { threadMessages as threadPartMessages } from './en-US/thread';
import { savedRepliesMessages } from './en-US/saved-replies';
import { reviewMessages } from './en-US/review';
import { appMessages } from './en-US/app';
import { funnelMessages, funnelStepMessages } from './en-US/funnel';

/**
 * The en-US catalogue: every user-visible text of leadkit, word for word from the spec where
 * the spec quotes it. Components and domain rules refer to texts by key only; a host
 * overrides any key through the `messages` property. Placeholders are `{name}`.
 *
 * Texts the spec paraphrases (the error catalogue's status lines) or leaves "not shown" are written here once
 * and marked as our wording.
 *
 * The catalogue is split by area (src/i18n/en-US/*.ts) so each widget's first load carries only
 * its own texts: an element lists the parts it uses (see src/elements/*.element.ts), and a
 * test checks that every key a widget can show is in its parts. Parts a widget loads later
 * (the board's open card and filter panel) bring their texts with them (`withMessages`).
 */
/** The thread's texts, its on-demand saved-replies menu's included (a file of their own: that part's chunk). */
const threadMessages = { ...threadPartMessages, ...savedRepliesMessages } as const;

export const enUS = {
  ...commonMessages,
  ...validationMessages,
  ...leadPageMessages,
  ...leadSourceMessages,
  ...boardMessages,
  ...boardCardMessages,
  ...boardCardExtrasMessages,
  ...boardQuickReplyMessages,
  ...boardFilterMessages,
  ...boardBulkMessages,
  ...leadNotificationMessages,
  ...threadMessages,
  ...reviewMessages,
  ...appMessages,
  ...funnelMessages,
  ...funnelStepMessages,
} as const;

export type MessageKey = keyof typeof enUS;
export type Messages = Readonly<Record<MessageKey, string>>;

/** A part of the catalogue (what an element passes to its translator). */
export type MessageCatalogue = Readonly<Partial<Record<MessageKey, string>>>;

/** @internal Exported for tests. */
export { threadMessages };
