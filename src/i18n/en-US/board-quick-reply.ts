/**
 * The card's quick answer (our wording: the spec has no such composer; docs/widgets/lead-board.md#quick-answer): its texts
 * come with the composer's part (board/quick-reply), not with the board's first load. Its
 * message states, Retry and default replies are the thread's own keys (thread.ts, saved-replies.ts).
 */
export const boardQuickReplyMessages = {
  'quickReply.title': 'Quick reply to {name}',
  'quickReply.choices': 'Saved replies',
  'quickReply.choose': 'Tap a reply to use it, edit it if you like, then Send.',
  'quickReply.noReplies': 'No saved replies yet: write your message here. You can save replies in the conversation.',
  'quickReply.message': 'Your message',
  'quickReply.openConversation': 'Open conversation',
  'quickReply.keptOffline': 'You are offline. Your message is kept and sent when you are back online.',
} as const;
