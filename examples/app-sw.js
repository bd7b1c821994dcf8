/**
 * The office app's service worker — the site's own, as a host keeps one — with leadkit's new-lead
 * notifications from push messages (`leadkit/notifications-sw`, docs/widgets/lead-board.md#push-messages).
 * A host bundles it with its other worker code; `npm start` serves it bundled at /app-sw.js
 * (scripts/start.ts), for the office app to register:
 * `navigator.serviceWorker.register('/app-sw.js', { scope: '/app/' })`. The site's server sends
 * the pushes (its VAPID keys, its subscriptions); test/e2e/lead-notifications.test.ts delivers one
 * through Chromium's DevTools protocol.
 */
import { handleLeadkitNotificationClick, handleLeadkitPush } from 'leadkit/notifications-sw';

// The new worker takes over at once, and the app's open pages with it (a click can then bring one to the board).
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  if (handleLeadkitPush(event)) return;
  // … the site's own push messages
});

self.addEventListener('notificationclick', (event) => {
  if (handleLeadkitNotificationClick(event)) return;
  // … the site's own notifications
});
