import { leadAppWidget } from '../widgets/lead-app/lead-app.widget';
import { widgetElement } from './widget-element';

/**
 * The office app: the spec's route table over every widget, with a not-found view.
 * Links between widgets inside the app become client-side navigations.
 *
 * @tag lead-app
 * @embeds lead-page lead-board message-thread raq-funnel
 * @attr base - Where the app is mounted in the site's URL space (default `/app`): a path from the site's root on this page's origin; anything else (`javascript:…`, `//host`) is `/app`, with a `link-refused` console line.
 * @attr sp-id - The signed-in provider (provider auth and caller id for every call).
 * @attr chat-service - The message thread's chat adapter when no `chat` property is set: `twilio` (default) or `sandbox`.
 * @attr drafts - `on` (default) or `off`: whether the board's 'Your Notes' and the thread's composer keep drafts on this device, and the funnel a request it could not send (see those tags).
 * @attr no-title-count - The board route leaves the page's title as 'Business Center', without the count of new leads the pro has not looked at ('(2) Business Center', on by default: the app owns its page; `<lead-board title-count>`), and a hidden board route then asks nothing unless the pro turned notifications on.
 * @prop chat - Chat client factory for the message thread route (wins over `chat-service`).
 * @prop savedReplies - The pro's saved replies for the message thread route's composer (`{ id, text }[]`); unset: the catalogue's defaults. Store what `lk-saved-replies-change` carries and set it back here.
 * @event lk-saved-replies-change - The pro added or removed a saved reply in the thread route's composer: `savedReplies` is the whole new list, `change` `add` or `remove`, `id` the reply.
 * @event lk-navigate - Before a link leaves the app (links between its routes are client-side navigations).
 * @event lk-load - The route's widget showed its data (`widget` names it: the lead page's lead, the board's page of leads, the funnel's first step).
 * @event lk-error - The route's widget could not load its data, open its chat or send the customer's request (`widget` names it; as `<lead-page>`, `<lead-board>`, `<message-thread>` and `<raq-funnel>` fire it), an attribute is invalid, or a host setting is wrong (`kind: 'setup'`, `cause` its code, once per cause: docs/troubleshooting.md).
 * @event lk-message-send - A message was sent: from the thread route's composer, or a quick reply from a board card (ids only).
 * @csspart app - The app.
 * @csspart not-found - The not-found view.
 * @csspart not-found-action - Its way on: a link to the provider's leads (when `sp-id` is set).
 * @csspart part-unavailable - In place of a part whose code did not arrive (offline): what to do and 'Try again'.
 */
export const leadAppElement = widgetElement('lead-app', leadAppWidget);
