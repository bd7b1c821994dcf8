/** The message thread (§2). */
export const threadMessages = {
  // Chat init failure (§8)
  'error.chatInit': 'Messaging is currently unavailable for this Lead. Please contact them via phone or email.',
  // Message thread (§2)
  'thread.heading': 'Your messages with {memberName}',
  'thread.breadcrumbLeads': 'Leads',
  'thread.breadcrumbMessaging': 'Messaging',
  'thread.viewAllLeads': 'View All Leads',
  'thread.contact': 'Contact',
  'thread.contactTitle': 'Contact {memberName}',
  'thread.preferredContact': 'Preferred Contact Information',
  'thread.expired': 'Expired',
  'thread.messageHistory': 'Message History',
  'thread.placeholder': 'Write a message...',
  'thread.send': 'Send',
  'thread.attach': 'Attach a file',
  'thread.removeFile': 'Remove file',
  'thread.retry': 'Retry',
} as const;
