import { atom } from 'jotai/vanilla';

/** Whether the pro showed (true) or hid (false) the details; null until the toggle is pressed. One store per element: each `<__name__>` has its own. */
export const __camel__OpenAtom = atom<boolean | null>(null);
