/**
 * The thread's saved-replies menu and `/` suggestions. A file of its own: the part
 * that shows them loads on demand, and its texts with it (a module of the thread's catalogue
 * would put them in the thread's first load). The button's text loads with the composer
 * (`savedRepliesComposerMessages` in thread.ts).
 */
/**
 * Our wording. The defaults are the replies a pro starts with (shown until the host sets
 * `savedReplies`; ids `default-1`…; a host overrides their texts with `messages`).
 */
export const savedRepliesMessages = {
  'thread.savedReplies.default1': 'Thanks for reaching out! When would be a good time for me to come by and take a look?',
  'thread.savedReplies.default2': 'I can come by Thursday morning. Does that work for you?',
  'thread.savedReplies.default3': 'Could you send a photo of the problem? It helps me bring the right parts.',
  'thread.savedReplies.default4': "I'm on my way and should be there in about 30 minutes.",
  'thread.savedReplies.default5': 'Thanks for choosing us! Let me know if anything else comes up.',
  'thread.savedReplies.empty': 'No saved replies yet. Write one in the message box, then save it here.',
  'thread.savedReplies.save': 'Save current text as reply',
  'thread.savedReplies.remove': 'Remove saved reply: {text}',
  'thread.savedReplies.tip': 'Tip: type / in an empty message box to pick a reply.',
  'thread.savedReplies.problem.empty': 'Write a message first, then save it as a reply.',
  'thread.savedReplies.problem.tooLong': 'A saved reply can be up to {max} characters.',
  'thread.savedReplies.problem.duplicate': 'This text is already a saved reply.',
  'thread.savedReplies.problem.full': 'You can keep up to {max} saved replies. Remove one to add another.',
  'thread.savedReplies.added': 'Reply saved.',
  'thread.savedReplies.removed': 'Saved reply removed.',
  'thread.savedReplies.count': 'Saved replies: {count}. Use the arrow keys and Enter to insert one.',
  'thread.savedReplies.noMatch': 'No saved reply matches.',
} as const;
