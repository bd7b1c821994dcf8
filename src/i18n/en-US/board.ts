/** The lead board's first screen: header, list, card headers, filter bar, sort, paging. */
export const boardMessages = {
  // Sort options — our wording
  'sort.label': 'Sort by',
  'sort.NewestOldest': 'Newest to Oldest',
  'sort.OldestNewest': 'Oldest to Newest',
  'sort.ServiceProviderLeadStatusAsc': 'Lead Status (A-Z)',
  'sort.ServiceProviderLeadStatusDesc': 'Lead Status (Z-A)',
  // Lead board
  'board.title': 'Business Center',
  'board.heading': 'Leads for {businessName}',
  'board.headingUnnamed': 'Your leads',
  'board.viewCallLog': 'View Call Log',
  'board.loadError': 'Sorry, something went wrong. Please try again later.',
  // A 511 on the board's page of leads that the host's check has not passed (our wording, spec §8: the challenge, then the replay).
  'board.challenge.title': 'Security check needed',
  'board.challenge.detail': 'Please complete the security check, then try again: your leads load as soon as it is passed.',
  'board.showing': 'Showing {first} - {last} of {total} results',
  'board.moveToActive': 'Move to Active Leads',
  'board.message': 'Message',
  'board.unreadMessages': 'Unread messages',
  'board.markUnread': 'Mark as unread',
  'board.markRead': 'Mark as read',
  'board.readState.unread': 'Unread lead, mark as read',
  'board.readState.read': 'Read lead, mark as unread',
  // Said after an unread lead's name in its heading (our wording).
  'board.unread': 'Unread',
  'board.createdOn': 'Created {date}',
  'board.featured': 'Featured',
  // Answer first (our wording): a fresh New lead's age, and the cue while it waits for the pro's first answer.
  'board.age.now': 'Just now',
  'board.age.minutes': '{count} min ago',
  'board.age.hours': '{count} h ago',
  // The same, short: a phone's card line (date · age · category) has room for no more.
  'board.age.short.now': 'now',
  'board.age.short.minutes': '{count} min',
  'board.age.short.hours': '{count} h',
  'board.respondFirst': 'Respond first',
  // Our wording (the spec has no quick answer): beside the cue, the card's small composer (its own texts load with it: board-quick-reply.ts).
  'board.quickReply': 'Quick reply',
  // A card's checkbox for bulk actions (our wording).
  'board.selectLead': 'Select lead from {name}',
  'board.leadsRegion': 'Leads',
  /** New leads found while the board is open (ours: the spec has no such text); one lead has its own key. */
  'board.arrivals': '{count} new leads',
  'board.arrivalsOne': '1 new lead',
  'board.filtersRegion': 'Filters',
  'board.updating': 'Updating leads…',
  // Action failures: the spec gives no text for these (our wording).
  'board.error.read': 'We could not update this lead. Please try again.',
  'board.error.archive': 'We could not archive this lead. Please try again.',
  'board.error.restore': 'We could not move this lead to Active Leads. Please try again.',
  // The offline outbox (ours): a change kept while offline that the gateway refused once sent.
  'board.error.queued': 'A change you made offline could not be saved. Please make it again.',
  'board.outbox.pending': 'Not sent yet',
  'board.outbox.pendingHint': 'Saved on this device. It will be sent when you are back online.',
  'board.outbox.waitingOne': '{count} change waits for a connection',
  'board.outbox.waiting': '{count} changes wait for a connection',
  'board.outbox.conflictLabel': 'Changed while you were offline',
  'board.outbox.conflictStatus': 'This lead was changed while you were offline: its status is now {status}.',
  'board.outbox.conflictNotes': 'The notes on this lead were changed while you were offline.',
  'board.outbox.keepMine': 'Keep my change',
  'board.outbox.keepTheirs': 'Keep theirs',
  'board.dismiss': 'Dismiss',
  // The board without any lead and no filter on (the spec only words the filtered case; ours).
  'board.noLeads': 'No leads yet. New leads will show up here.',
  'board.notesLabel': 'Your notes for this lead',
  // Filters
  'filters.showUnread': 'Show Unread Messages',
  // Answer first (ours): the New leads, which wait for the pro's first answer.
  'filters.notAnswered': 'Not answered yet',
  'filters.showAll': 'Show All Filters',
  'filters.hideAll': 'Hide All Filters',
  'filters.emptyTitle': 'No Leads match the filters applied',
  'filters.emptyHint': 'Adjust your filters above',
  'filters.clearAll': 'Clear All Filters',
  'pagination.label': 'Pages',
  'pagination.previous': 'Previous page',
  'pagination.next': 'Next page',
  'pagination.page': 'Page {page}',
} as const;
