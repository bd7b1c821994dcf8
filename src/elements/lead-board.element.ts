import { leadBoardWidget } from '../widgets/lead-board/lead-board.widget';
import { widgetElement } from './widget-element';

/**
 * The provider's lead board.
 *
 * @tag lead-board
 * @embeds review-request
 * @attr sp-id - The signed-in provider whose leads are shown.
 * @attr lead-id - The featured lead: moved to the top when it is in the list.
 * @attr new-messages - Start with the 'Show Unread Messages' filter on.
 * @attr page-size - Leads per page (default 10).
 * @attr set-title - The page's title becomes 'Business Center' while the board is on it (opt-in; `<lead-app>` does it on its board route).
 * @attr title-count - While leads arrived that the pro has not looked at, the page's title starts with their count ('(2) Business Center'), cleared when the pro looks at the board; the checks for new leads then go on while the page is hidden, a minute apart at most (opt-in: unset, the title is the host's alone and a hidden board asks nothing unless the pro turned notifications on; `<lead-app>` counts on its board route).
 * @attr reply - With `lead-id`: that lead's card opens with its quick answer ready ('Quick reply' open, focus in it), as a click on a new-lead notification does (`<lead-app>`'s board route: `?leadId=…&reply=true`).
 * @attr drafts - `on` (default): text typed in 'Your Notes' is kept on this device (IndexedDB, ids and the pro's text only) until saved or cancelled, and restored after a reload or crash with 'Draft restored'; `off`: nothing is kept (drafts already kept are left, and expire after 30 days).
 * @attr auth-mode - `provider` (default, uses sp-id): the board is a provider's.
 * @attr chat-service - The quick answer's chat adapter when no `chat` property is set: `twilio` (default) or `sandbox`. Only read: it tells when a quick reply is in the conversation ('Delivered'); the text goes through the gateway's message center.
 * @prop auth - `{ kind: 'provider', spId, token? }` (token: a string or a function, docs/gateway.md#provider-sign-in).
 * @prop chat - Chat client factory the quick answer reads to show 'Delivered' (wins over `chat-service`); a chat that does not open leaves a quick reply 'Sent'.
 * @prop savedReplies - The pro's saved replies, offered by the quick answer (`{ id, text }[]`, `{firstName}` and `{category}` filled from the lead); unset: the catalogue's defaults. Added and removed in the message thread.
 * @prop routes - URL builders: call log, conversation thread, office inbox.
 * @event lk-load - A page of leads was shown.
 * @event lk-lead-read - A lead was marked read or unread.
 * @event lk-lead-archive - A lead was archived or restored.
 * @event lk-lead-status-change - A lead's status was changed.
 * @event lk-message-send - A quick reply was sent from a card (`messageId`, `leadId`: ids only), as the message thread fires it.
 * @event lk-error - Loading the leads failed, an attribute is invalid, or a host setting is wrong (`kind: 'setup'`, `cause` its code, once per cause: docs/troubleshooting.md).
 * @event lk-navigate - Before a link leaves the board (message, call log, insurer…).
 * @csspart lead-board - The whole board.
 * @csspart filters - The filter header, panel and tags.
 * @csspart lead-card - One lead.
 * @csspart bulk-toolbar - The bulk toolbar over the list's header row while leads are selected (select all on this page, count, Archive/Restore, Mark as read/unread, Clear selection).
 * @csspart bulk-summary - The one message a bulk action ends with.
 * @csspart message-button - A lead's Message button (its card header).
 * @csspart respond-first - The 'Respond first' badge of a fresh New lead that waits for the pro's first answer.
 * @csspart quick-reply - 'Quick reply' beside the Message button while the lead waits for its first answer: opens the quick-answer composer in the card.
 * @csspart quick-reply-composer - The card's quick-answer composer: saved replies as one-tap choices, the text box, Send, then the message's state.
 * @csspart quick-reply-send - Its Send button.
 * @csspart notify-new-leads - 'Notify me of new leads' under the list: the switch (off by default; turning it on asks the browser's permission), or what stands in its way (notifications blocked, or none in this browser).
 * @csspart quick-reply-open-conversation - 'Open conversation' once the quick reply went: the card's message route, with the message there.
 * @csspart outbox-pending - 'Not sent yet' on a card whose change, made offline, waits for the connection.
 * @csspart outbox-conflict - The choice on a card whose lead changed on the gateway while a change made offline waited.
 * @csspart outbox - Over the list: how many changes made offline will be sent when the device is back online.
 * @csspart message-link - The open card's own Message link (same target as the button).
 * @csspart empty-state - 'No Leads match the filters applied'.
 * @csspart error-banner - The error panel.
 * @csspart part-unavailable - In place of a part whose code did not arrive (offline): what to do and 'Try again'.
 * @csspart error-banner-link - 'Log in' after a 401 (routes.logIn, lk-navigate kind 'log-in').
 * @csspart pagination - The pager.
 * @csspart pagination-button - A page or previous/next button.
 * @csspart menu-button - A card's 'More actions' menu.
 * @csspart feedback - The feedback popover.
 * @csspart feedback-trigger - The button that opens it.
 * @csspart feedback-panel - Its panel.
 * @csspart star-rating - The star rating.
 * @csspart star-rating-star - One star.
 * @csspart insurance-banner - The liability-insurance offer.
 * @csspart insurance-purchase - Its purchase link.
 * @csspart connect-number - The 'Connect your numbers' modal (native dialog).
 * @csspart connect-number-header - Its header (title and close button).
 * @csspart connect-number-title - Its title.
 * @csspart connect-number-close - Its close (×) button.
 * @csspart connect-number-body - Its content.
 * @csspart job-notes - The job notes modal (native dialog).
 * @csspart job-notes-header - Its header (title and close button).
 * @csspart job-notes-title - Its title.
 * @csspart job-notes-close - Its close (×) button.
 * @csspart job-notes-body - Its content.
 * @csspart add-to-calendar - 'Add to calendar' on a Scheduled lead's open card.
 * @csspart calendar-dialog - Its modal (native dialog): the job's date and start time, and the `.ics` download.
 * @csspart calendar-dialog-header - Its header (title and close button).
 * @csspart calendar-dialog-title - Its title.
 * @csspart calendar-dialog-close - Its close (×) button.
 * @csspart calendar-dialog-body - Its content.
 * @csspart close-prompt - The 'Request a Review' prompt after a lead is set to Closed won (native dialog).
 * @csspart close-prompt-header - Its header (title and close button).
 * @csspart close-prompt-title - Its title.
 * @csspart close-prompt-close - Its close (×) button.
 * @csspart close-prompt-body - Its content.
 * @csspart select - A select (a card's status); also in the filter panel.
 * @csspart select-control - The native select inside it.
 * @csspart combobox - A combobox (the filter panel's category).
 * @csspart combobox-input - Its text box.
 * @csspart combobox-listbox - Its options.
 * @csspart multi-select - A multi-select (the filter panel's statuses, sources).
 * @csspart multi-select-button - Its button.
 * @csspart multi-select-panel - Its options panel.
 * @csspart multi-select-badge - An option's count (the status filter: how many leads each status holds).
 * @csspart switch - A switch ('Show Unread Messages').
 * @csspart switch-track - Its track.
 * @csspart count-badge - The count beside 'Show Unread Messages' (leads with unread messages).
 * @csspart tag - An applied filter's tag.
 * @csspart tag-remove - Its remove button.
 * @csspart date-range-picker - The date filter's picker.
 * @csspart date-range-picker-ranges - Its quick ranges.
 * @csspart date-range-picker-range - One quick range.
 * @csspart date-range-picker-start - The start date field.
 * @csspart date-range-picker-end - The end date field.
 * @csspart date-range-picker-day-counts - The day counts line.
 * @csspart date-range-picker-calendar - The calendar.
 * @cssproperty --lk-insurance-surface - Background of the insurance offer.
 * @cssproperty --lk-insurance-border - Border of the insurance offer.
 * @cssproperty --lk-board-sticky-top - Where the board's sticky bars (the bulk toolbar, a failed change's message) stop below the top of the viewport (e.g. a sticky page header's height).
 */
export const leadBoardElement = widgetElement('lead-board', leadBoardWidget);
