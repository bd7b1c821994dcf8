/**
 * The card's quick answer (issue 53 §1): its composer, the thread's session it sends through
 * and their texts — one chunk, loaded when the pro first asks for a quick reply (or reaches for
 * its button), never in the board's first load. The chat adapter loads later still, at Send.
 */
export { QuickReplyComposer } from './quick-reply-composer';
