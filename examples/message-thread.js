/**
 * Host script of examples/message-thread.html (external: the page needs no inline script).
 * Puts one <message-thread> in the page for the thread named by the query (default: member
 * 5001 on lead 300001); the CDN loader defines the tag when it appears.
 */
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
thread.setAttribute('chat-service', 'sandbox');
document.getElementById('thread-host')?.append(thread);

for (const link of document.querySelectorAll('.app-nav a')) {
  if (new URL(link.href).search === location.search) link.setAttribute('aria-current', 'page');
}
