/**
 * New-lead notifications (our wording: the spec has none; docs/widgets/lead-board.md#new-lead-notifications):
 * the board's 'Notify me of new leads' control, what a system notification says and the page
 * title's count. They load with the board's new-leads part, after its first card, and with leadkit/notifications-sw
 * in a host's service worker. A notification shows a lead's category, city and age only — never
 * the customer's name, phone or e-mail (a lock screen shows it to anyone).
 */
export const leadNotificationMessages = {
  'notify.control': 'Notify me of new leads',
  'notify.help': 'A notification when a lead arrives while this page is in the background.',
  'notify.denied': 'Notifications are blocked for this site. Allow them in your browser’s site settings, then turn this on again.',
  'notify.unsupported': 'This browser can’t show notifications.',
  'notify.title.one': 'New lead: {category}',
  'notify.title.many': '{count} new leads',
  'notify.line': '{category}, {city}',
  'notify.age.now': 'just now',
  'notify.age.minutes': '{count} min ago',
  'notify.age.hours': '{count} h ago',
  'notify.moreOne': 'and 1 more lead',
  'notify.more': 'and {count} more leads',
  /** The page's title while the board has new leads the pro has not seen: the host's own title after the count. */
  'notify.titleCount': '({count}) {title}',
} as const;
