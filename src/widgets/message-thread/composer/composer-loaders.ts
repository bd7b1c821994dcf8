import { withMessages } from '../../../runtime/runtime';
import { lazyPart } from '../../../ui/lazy-part';

/**
 * The composer's parts (docs/widget-shape.md, "Lazy parts"), never in a first load. The
 * saved-replies menu and the `/` suggestions, with their texts: one chunk (saved-replies-part.ts),
 * loaded on demand.
 */
const loadSavedReplies = () => import('../saved-replies/saved-replies-part');
export const SavedRepliesMenu = lazyPart(loadSavedReplies, (part) => withMessages(part.SavedRepliesMenu, part.SAVED_REPLIES_CATALOGUE));
export const SlashSuggestions = lazyPart(loadSavedReplies, (part) => withMessages(part.SlashSuggestions, part.SAVED_REPLIES_CATALOGUE));

/**
 * The photo pipeline (photo-pick-part.ts), a chunk of its own: code, not a component, so it is
 * loaded as a module (no lazyPart), fetched when the pro reaches for Attach or at the pick.
 */
export const loadPhotoPick = () => import('./photo-pick-part');
