import { atom, type Atom } from 'jotai/vanilla';
import { unwrap } from 'jotai/vanilla/utils';

/** The state of an async atom, for rendering skeleton / error / data without Suspense. */
export type Loadable<T> =
  | { readonly state: 'loading' }
  | { readonly state: 'hasData'; readonly data: T }
  | { readonly state: 'hasError'; readonly error: unknown };

const LOADING = { state: 'loading' } as const;

/** jotai's `loadable`, as the userland util on `unwrap` that jotai recommends (its own is deprecated). */
export function loadableOf<T>(asyncAtom: Atom<Promise<T>>): Atom<Loadable<T>> {
  const unwrapped = unwrap(asyncAtom, () => LOADING);
  return atom((get): Loadable<T> => {
    try {
      const data = get(unwrapped);
      return data === LOADING ? LOADING : { state: 'hasData', data: data as T };
    } catch (error) {
      return { state: 'hasError', error };
    }
  });
}
