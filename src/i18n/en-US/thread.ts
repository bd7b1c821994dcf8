/**
 * The message thread (docs/widgets/message-thread.md).
 * Two parts: what the thread's first screen shows (header, contact modal) and what its list and
 * composer show (they load beside the first data and bring their texts: `withMessages`).
 * Texts quoted in the spec are word for word; the others are marked as our wording.
 */

/** The header, breadcrumb and contact modal (the element's first load). */
export const threadHeaderMessages = {
  // Message thread
  'thread.heading': 'Your messages with {memberName}',
  'thread.breadcrumbLeads': 'Leads',
  'thread.breadcrumbMessaging': 'Messaging',
  'thread.viewAllLeads': 'View All Leads',
  'thread.contact': 'Contact',
  'thread.contactTitle': 'Contact {memberName}',
  'thread.preferredContact': 'Preferred Contact Information',
  'thread.expired': 'Expired',
  'thread.messageHistory': 'Message History',
  // Our wording: the archived view's heading and its way back to the live thread.
  'thread.historyHeading': 'Message history with {memberName}',
  'thread.backToMessages': 'Back to Messages',
  // Lead card text, shown in the contact modal too
  'thread.noPhone': 'This customer did not provide a phone number.',
  // Our wording: the breadcrumb's accessible name, the phone row label, the loading label.
  'thread.breadcrumb': 'Breadcrumb',
  'thread.phone': 'Phone',
  'thread.loading': 'Loading messages',
} as const;

/** The message list and the composer (loaded beside the first data, with their texts). */
export const threadBodyMessages = {
  // Chat init failure
  'error.chatInit': 'Messaging is currently unavailable for this Lead. Please contact them via phone or email.',
  // Composer
  'thread.placeholder': 'Write a message...',
  'thread.send': 'Send',
  // Our wording: controls, states and announcements the spec names without text.
  'thread.attach': 'Attach a file',
  'thread.removeFile': 'Remove file {fileName}',
  // Our wording: a picked photo being made ready (HEIC → JPEG, or one over 4096 px made smaller).
  'thread.convertingPhoto': 'Converting photo…',
  'thread.resizingPhoto': 'Resizing photo…',
  'thread.retry': 'Retry',
  'thread.discard': 'Discard',
  'thread.messages': 'Messages',
  'thread.welcomeTitle': 'Welcome to messaging',
  'thread.welcomeDetail': 'Send {memberName} a message to get the conversation started. You can also share JPEG or PNG photos.',
  'thread.state.sending': 'Sending…',
  'thread.state.sent': 'Sent',
  // Our wording: delivered (the conversation holds it) and read (the customer's read horizon).
  'thread.state.delivered': 'Delivered',
  'thread.state.read': 'Read',
  'thread.state.failed': 'Not sent.',
  'thread.state.held': 'Waiting for a security check. Your message is sent once it is passed.',
  'thread.uploading': 'Uploading {fileName}: {percent}%',
  'thread.loadingOlder': 'Loading older messages',
  'thread.olderFailed': 'Older messages could not be loaded.',
  // Our wording: the thread opened (sends go, new messages come) but its recent page did not load.
  'thread.recentFailed': 'Messages could not be loaded.',
  'thread.photo': 'Photo',
  'thread.download': 'Download {fileName}',
  'thread.file': 'file',
  'thread.you': 'You',
  'thread.newMessage': 'New message from {memberName}: {text}',
  'thread.newPhoto': 'New photo from {memberName}',
  'thread.reconnecting': 'Reconnecting…',
  // Our wording: the customer typing, the day separators, the unread line.
  'thread.typing': '{memberName} is typing…',
  'thread.today': 'Today',
  'thread.yesterday': 'Yesterday',
  'thread.newMessages': 'New messages',
  // Our wording: the button over a list scrolled up (its name says what it does), and the count
  // of the customer's messages below what the reader has seen ('…One' for one: en-US takes no
  // plural argument).
  'thread.jumpToNewest': 'Jump to newest',
  'thread.newBelow': '{count} new messages',
  'thread.newBelowOne': '1 new message',
  'thread.jumpToNewestCount': '{count} new messages, jump to newest',
  'thread.jumpToNewestCountOne': '1 new message, jump to newest',
} as const;

/** 'Message History', the archived thread's list (our wording; loaded only for that view). */
export const threadHistoryMessages = {
  'thread.history.label': 'Earlier messages',
  'thread.history.loading': 'Loading message history',
  'thread.history.empty': 'There are no earlier messages with {memberName}.',
  'thread.history.unattributed': 'The messages kept for {memberName} do not say which were with you, so none are shown here.',
  'thread.history.older': 'Show older messages',
  'thread.history.noText': 'A photo or file (not kept in the history)',
  /**
   * An entry whose author and words the gateway does not give (the spec's activities have no
   * such fields): it is named by what it is, and says what the history keeps.
   */
  'thread.history.unknownAuthor': 'Message',
  'thread.history.textNotKept': 'Text not kept in the history',
} as const;

/**
 * Saved replies in the composer (our wording): its button, which loads with the
 * composer. The menu's texts and the default replies load with the menu (en-US/saved-replies.ts).
 */
export const savedRepliesComposerMessages = {
  'thread.savedReplies.button': 'Saved replies',
} as const;

/** Every text of the thread but the saved-replies menu's (en-US/saved-replies.ts; the full en-US catalogue spreads both). */
export const threadMessages = {
  ...threadHeaderMessages,
  ...threadBodyMessages,
  ...threadHistoryMessages,
  ...savedRepliesComposerMessages,
} as const;
