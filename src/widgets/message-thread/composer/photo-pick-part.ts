/**
 * What a picked photo goes through before it is attached (docs/widgets/message-thread.md#iphone-photos-size-and-location: HEIC sniffing and
 * conversion, scaling over 4096 px, location cut out) is a chunk of its own: not in the thread's
 * first content, fetched when the pro reaches for Attach (pointer down or focus) or at the pick.
 */
export { prepareAttachment } from '../../../domain/attachment-prepare';
export { createBrowserPhotoTools } from '../../../chat/photo-tools';
