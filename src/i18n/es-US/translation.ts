/**
 * A translation of an en-US catalogue part: the same keys, each optional for the compiler (a
 * key added to en-US does not break the build; test/locale-catalogues.test.ts names it as
 * missing), and no key the part lacks (a typo fails the compiler).
 */
export type Translation<Part> = { readonly [K in keyof Part]?: string };
