import { MessageThread } from '../widgets/message-thread/message-thread';
import { MESSAGE_THREAD_CATALOGUE } from '../widgets/message-thread/message-thread-messages';
import { elementDefinition } from './define-element';

/**
 * The provider ↔ customer message thread: heading, breadcrumb, 'View All Leads', 'Contact'
 * (with a lead), 'Message History', the message list (older pages on scroll-up, live new
 * messages, photos) and the composer (text and JPEG/PNG photos, per-message state and Retry).
 *
 * @tag message-thread
 * @attr {number} sp-id - The signed-in provider (provider auth; the sender of its messages).
 * @attr {number} user-id - The member (customer) the provider writes with.
 * @attr {number} lead-id - The lead the thread was opened from: 'Contact', the board link's featured lead.
 * @attr {string} chat-service - Chat adapter when no `chat` property is set: `twilio` (default) or `sandbox`.
 * @attr {string} gateway-url - Base URL of the gateway when no `gateway` property is set.
 * @attr {string} auth-mode - `provider` (default, uses sp-id).
 * @prop {GatewayClient | GatewayClientConfig} gateway - Gateway client or its config.
 * @prop {GatewayAuth} auth - `{ kind: 'provider', spId }`.
 * @prop {ChatClientFactory} chat - Chat client factory (`createTwilioChatClientFactory()`, `createSandboxChatClientFactory()` or your own); wins over `chat-service`.
 * @prop {Record<string, string>} messages - Overrides of catalogue texts by key.
 * @prop {string} locale - Locale of texts and dates (only `en-US` today).
 * @prop {Record<string, boolean>} flags - Feature flags.
 * @prop {AnalyticsSink} analytics - `{ page, track }`; never given customer data.
 * @prop {Partial<RouteBuilders>} routes - URL builders: lead board, message history.
 * @prop {() => Date} now - The clock for what the widget renders from the time (masked-number expiry).
 * @event {CustomEvent<{messageId: string, leadId: number | null}>} lk-message-send - A text message was sent (ids only).
 * @event {CustomEvent<{url: string, kind: string, newTab: boolean}>} lk-navigate - Before a link leaves the thread; cancelable.
 * @csspart message-thread - The whole thread.
 * @csspart thread-header - Breadcrumb, heading and actions.
 * @csspart breadcrumb - 'Leads / Messaging'.
 * @csspart contact-button - 'Contact'.
 * @csspart view-all-leads - 'View All Leads'.
 * @csspart message-history - 'Message History'.
 * @csspart contact-dialog - The contact modal (native dialog); also `contact-dialog-header`, `-title`, `-close`, `-body`.
 * @csspart contact-info - 'Preferred Contact Information'.
 * @csspart message-list - The scrollable list.
 * @csspart message - A bubble; also `message-own`, `message-member`, `message-pending`.
 * @csspart welcome - The welcome-to-messaging panel.
 * @csspart composer - The composer; also `message-input`, `attach`, `attachment`, `remove-file`, `send`, `attachment-errors`.
 * @csspart chat-error - The chat init failure.
 * @csspart error-banner - Missing sp-id or user-id.
 * @cssproperty --lk-thread-height - Height of the message list (default 480px).
 * @cssproperty --lk-thread-own-surface - Background of the provider's bubbles.
 * @cssproperty --lk-color-primary - Links, buttons, accents.
 * @cssproperty --lk-font-family - Font of the widget.
 */
export const messageThreadElement = elementDefinition('message-thread', MessageThread, MESSAGE_THREAD_CATALOGUE);
