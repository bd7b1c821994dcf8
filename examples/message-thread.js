/**
 * Host script of examples/message-thread.html (external: the page needs no inline script).
 * Puts one <message-thread> in the page for the thread named by the query (default: member
 * 5001 on lead 300001); the CDN loader defines the tag when it appears. The provider's saved
 * replies are the host's to keep (saved-replies.js); the site's routes (site-routes.js) give
 * 'Message History' its 'Log in' after a 401.
 */
import { SITE_ROUTES } from './site-routes.js';

const query = new URLSearchParams(location.search);
const digits = (value) => (value && /^\d{1,15}$/.test(value) ? value : null);
const userId = digits(query.get('user-id')) ?? '5001';
const leadId = query.has('user-id') ? digits(query.get('lead-id')) : '300001';

const thread = document.createElement('message-thread');
thread.id = 'thread';
thread.setAttribute('sp-id', '1001');
thread.setAttribute('user-id', userId);
if (leadId) thread.setAttribute('lead-id', leadId);
thread.setAttribute('auth-mode', 'provider');
// The sandbox's chat service; Twilio's (the real SDK, on the sandbox's stand-in) when the page
// names the stand-in's socket (`SANDBOX_CHAT=twilio npm start`: scripts/sandbox-chat.ts).
thread.setAttribute('chat-service', document.querySelector('meta[name="leadkit-twilsock-uri"]') ? 'twilio' : 'sandbox');
thread.routes = SITE_ROUTES;
// Imported after the set-up, not with it (a static import is a round trip before the first data).
// A page left before it arrived cancels it: no unhandled rejection for the host's error monitor.
import('./saved-replies.js').then(({ keepSavedReplies }) => keepSavedReplies(thread, () => thread.getAttribute('sp-id'))).catch(() => undefined);
document.getElementById('thread-host')?.append(thread);

for (const link of document.querySelectorAll('.app-nav a')) {
  if (new URL(link.href).search === location.search) link.setAttribute('aria-current', 'page');
}
