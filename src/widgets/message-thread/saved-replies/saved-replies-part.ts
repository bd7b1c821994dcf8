/** The saved-replies menu and the `/` suggestions with their texts: a chunk of its own, loaded on demand. */
export { SavedRepliesMenu, SlashSuggestions } from './saved-replies';
export { SAVED_REPLIES_CATALOGUE } from './saved-replies-messages';
