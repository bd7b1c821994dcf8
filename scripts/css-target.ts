/**
 * The browsers the widgets' CSS is written for, for both builds (library and CDN; Storybook
 * merges the library's config). Lightning CSS, Vite's CSS minifier, lowers what these lack:
 * with the default target (es2022: Chrome 94…) it rewrote every `:dir(rtl)` as a list of
 * `:lang(ar)`, `:lang(he)`… selectors, so a right-to-left host whose language is not in that
 * list (`<div dir="rtl" lang="en">`) got left-pointing chevrons and a switch thumb sliding the
 * wrong way. `:dir()` is in every browser below; older ones ignore those few rules (the arrows
 * then point as in a left-to-right page).
 */
export const CSS_TARGET = ['chrome120', 'edge120', 'firefox115', 'safari16.4'];
