import { LeadBoard } from '../widgets/lead-board/lead-board';
import { LEAD_BOARD_CATALOGUE } from '../widgets/lead-board/lead-board-messages';
import { elementDefinition } from './define-element';

/**
 * The provider's lead board.
 *
 * @tag lead-board
 * @attr {number} sp-id - The signed-in provider whose leads are shown.
 * @attr {number} lead-id - The featured lead: moved to the top when it is in the list.
 * @attr {boolean} new-messages - Start with the 'Show Unread Messages' filter on.
 * @attr {number} page-size - Leads per page (default 10).
 * @attr {string} gateway-url - Base URL of the gateway when no `gateway` property is set.
 * @attr {string} auth-mode - `provider` (default, uses sp-id).
 * @prop {GatewayClient | GatewayClientConfig} gateway - Gateway client or its config.
 * @prop {GatewayAuth} auth - `{ kind: 'provider', spId }`.
 * @prop {Record<string, string>} messages - Overrides of catalogue texts by key.
 * @prop {string} locale - Locale of texts and dates (only `en-US` today).
 * @prop {Record<string, boolean>} flags - Feature flags.
 * @prop {AnalyticsSink} analytics - `{ page, track }`; never given customer data.
 * @prop {unknown} chat - Chat client factory for messaging (used by the message thread).
 * @prop {Partial<RouteBuilders>} routes - URL builders: call log, conversation thread, office inbox.
 * @prop {() => Date} now - The clock for what the widget renders from the time (default: the real clock).
 * @event {CustomEvent<{widget: string}>} lk-load - A page of leads was shown.
 * @event {CustomEvent<{leadId: number, read: boolean}>} lk-lead-read - A lead was marked read or unread.
 * @event {CustomEvent<{leadId: number, archived: boolean}>} lk-lead-archive - A lead was archived or restored.
 * @event {CustomEvent<{leadId: number, status: string}>} lk-lead-status-change - A lead's status was changed.
 * @event {CustomEvent<{widget: string, status: number | null, kind: string}>} lk-error - Loading the leads failed.
 * @event {CustomEvent<{url: string, kind: string, newTab: boolean}>} lk-navigate - Before a link leaves the board; cancelable.
 * @csspart lead-board - The whole board.
 * @csspart filters - The filter header, panel and tags.
 * @csspart lead-card - One lead.
 * @csspart message-button - A lead's Message button.
 * @csspart empty-state - 'No Leads match the filters applied'.
 * @csspart error-banner - The error panel.
 * @csspart pagination - The pager.
 * @csspart menu-button - A card's 'More actions' menu.
 * @csspart feedback - The feedback popover; also feedback-trigger, feedback-panel.
 * @csspart star-rating - The star rating; star-rating-star for each star.
 * @csspart insurance-banner - The liability-insurance offer; insurance-purchase for its link.
 * @csspart dialog - Modals (e.g. Connect your numbers).
 * @cssproperty --lk-color-primary - Links, buttons, accents.
 * @cssproperty --lk-font-family - Font of the widget.
 * @cssproperty --lk-star-color - Filled stars.
 * @cssproperty --lk-star-color-empty - Empty stars.
 * @cssproperty --lk-insurance-surface - Background of the insurance offer.
 * @cssproperty --lk-insurance-border - Border of the insurance offer.
 */
export const leadBoardElement = elementDefinition('lead-board', LeadBoard, LEAD_BOARD_CATALOGUE);
