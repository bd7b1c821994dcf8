import { messageThreadWidget } from '../widgets/message-thread/message-thread.widget';
import { widgetElement } from './widget-element';

/**
 * The provider ↔ customer message thread: heading, breadcrumb, 'View All Leads', 'Contact'
 * (with a lead), 'Message History', the message list (older pages on scroll-up, live new
 * messages, photos) and the composer (text and JPEG/PNG photos, per-message state and Retry).
 *
 * @tag message-thread
 * @attr sp-id - The signed-in provider (provider auth; the sender of its messages).
 * @attr user-id - The member (customer) the provider writes with.
 * @attr lead-id - The lead the thread was opened from: 'Contact', the board link's featured lead.
 * @attr chat-service - Chat adapter when no `chat` property is set: `twilio` (default) or `sandbox`.
 * @attr archived - 'Message History': the archived thread, earlier messages read only (no chat opens); 'Back to Messages' leads to the live thread.
 * @attr drafts - `on` (default): text typed in the composer is kept on this device (IndexedDB, ids and the pro's text only) until the gateway accepts the send, and restored after a reload or crash with 'Draft restored'; `off`: nothing is kept (drafts already kept are left, and expire after 30 days).
 * @attr auth-mode - `provider` (default, uses sp-id).
 * @prop auth - `{ kind: 'provider', spId, token? }` (token: a string or a function, docs/gateway.md#provider-sign-in).
 * @prop chat - Chat client factory (`createTwilioChatClientFactory()`, `createSandboxChatClientFactory()` or your own); wins over `chat-service`.
 * @prop routes - URL builders: lead board, message history.
 * @prop savedReplies - The pro's saved replies for the composer (`{ id, text }[]`, texts ≤ 500 characters, at most 20; plain strings are taken too). Unset: a default set from the catalogue. Store the list `lk-saved-replies-change` carries and set it back here.
 * @event lk-message-send - A text message was sent (ids only).
 * @event lk-saved-replies-change - The pro added or removed a saved reply: `savedReplies` is the whole new list (the pro's own texts, never customer data), `change` `add` or `remove`, `id` the reply. Shown at once; store it and set the `savedReplies` property.
 * @event lk-navigate - Before a link leaves the thread (the board, 'View All Leads', 'Message History', customer links).
 * @event lk-error - The chat cannot open (`kind` `chat-` + the ChatError kind; `chat-sdk-missing` with a `message` saying what to do), an attribute is invalid, or a host setting is wrong (`kind: 'setup'`, `cause` its code, once per cause: docs/troubleshooting.md).
 * @csspart message-thread - The whole thread.
 * @csspart thread-header - Breadcrumb, heading and actions.
 * @csspart breadcrumb - 'Leads / Messaging'.
 * @csspart contact-button - 'Contact'.
 * @csspart view-all-leads - 'View All Leads'.
 * @csspart message-history - 'Message History'.
 * @csspart back-to-messages - 'Back to Messages' (the archived thread's way to the live one).
 * @csspart message-history-list - The archived thread's list (earlier messages, read only).
 * @csspart contact-dialog - The contact modal (native dialog).
 * @csspart contact-dialog-header - Its header (title and close button).
 * @csspart contact-dialog-title - Its title.
 * @csspart contact-dialog-close - Its close (×) button.
 * @csspart contact-dialog-body - Its content.
 * @csspart contact-info - 'Preferred Contact Information'.
 * @csspart message-list - The scrollable list.
 * @csspart message - A bubble.
 * @csspart message-own - A bubble of the provider.
 * @csspart message-member - A bubble of the member.
 * @csspart message-pending - A bubble still sending or not sent.
 * @csspart message-time - A message's full timestamp on the line under its bubble (on a wide thread under every bubble, on a narrow one under a group's last).
 * @csspart message-time-beside - A message's time beside its bubble ('3:00 PM'; on a narrow thread, when the bubble is tapped or focused).
 * @csspart message-state - The newest own message's state in words after its time ('Sending…', 'Sent', 'Delivered', 'Read') while it is the last word.
 * @csspart message-state-icon - An own bubble's state icon (a clock, one tick, two ticks, two ticks in the primary colour for read), `data-state` naming it.
 * @csspart day-separator - 'Today', 'Yesterday' or the date above the first message of a day.
 * @csspart unread-marker - 'New messages' above the first customer message unread when the thread opened.
 * @csspart pinned-day - The day of the messages at the list's top, pinned there while it scrolls (a copy for the eye: the separators are the headings).
 * @csspart jump-to-newest - 'Jump to newest' over the list's bottom end once scrolled up, or the count of the customer's messages below ('2 new messages').
 * @csspart typing-indicator - '{member name} is typing…' between the list and the composer.
 * @csspart welcome - The welcome-to-messaging panel.
 * @csspart composer - The composer.
 * @csspart message-input - Its text box.
 * @csspart attach - The attach-photo button.
 * @csspart attachment - An attached photo.
 * @csspart remove-file - The button that removes it (and cancels a conversion under way).
 * @csspart attachment-progress - 'Converting photo…' (an iPhone HEIC photo becoming a JPEG) or 'Resizing photo…' with an indeterminate progress bar.
 * @csspart send - The Send button.
 * @csspart draft-hint - 'Draft restored' beside Send (a polite live region; empty until a kept draft comes back).
 * @csspart saved-replies-button - 'Saved replies' beside Attach (opens the menu).
 * @csspart saved-replies-menu - The saved-replies menu (a popover over the composer).
 * @csspart saved-reply - A reply in the menu (its text inserts it).
 * @csspart saved-reply-remove - The button that removes a saved reply.
 * @csspart saved-replies-save - 'Save current text as reply'.
 * @csspart saved-replies-listbox - The `/` suggestions over the text box.
 * @csspart attachment-errors - File messages (size, type).
 * @csspart chat-error - The chat init failure.
 * @csspart chat-error-link - Its 'Log in' when the chat was refused as signed out (a 401; routes.logIn, lk-navigate kind 'log-in').
 * @csspart error-banner - Missing sp-id or user-id.
 * @csspart part-unavailable - In place of a part whose code did not arrive (offline): what to do and 'Try again'.
 * @cssproperty --lk-thread-height - Height of the message list (default 480px).
 * @cssproperty --lk-thread-own-surface - Background of the provider's bubbles.
 */
export const messageThreadElement = widgetElement('message-thread', messageThreadWidget);
