import { createContext, useContext, useLayoutEffect } from 'react';
import { useRuntime } from './runtime';

const sheets = new Map<string, CSSStyleSheet>();

/** One constructed sheet per CSS text, shared by every element that adopts it. */
export function sheetFor(css: string): CSSStyleSheet | null {
  if (typeof CSSStyleSheet === 'undefined' || !('replaceSync' in CSSStyleSheet.prototype)) return null;
  let sheet = sheets.get(css);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    sheets.set(css, sheet);
  }
  return sheet;
}

/**
 * The CSS texts adopted into each root by adoptStyles: a part mounting again (a card opening
 * after another) skips reading the root's adopted sheets — a live array whose every read and
 * search went through the DOM, part of each card opening's frame.
 */
const adoptedTexts = new WeakMap<DocumentOrShadowRoot, Set<string>>();

/**
 * Adds stylesheets to a shadow root (or document) once each. Adopted sheets, not `<style>`
 * elements: nothing lands in the host page, and a strict style-src CSP allows them.
 */
function adoptStyles(root: DocumentOrShadowRoot, cssTexts: readonly string[]): void {
  if (!('adoptedStyleSheets' in root)) return;
  let adopted = adoptedTexts.get(root);
  if (adopted && cssTexts.every((css) => adopted!.has(css))) return;
  if (!adopted) adoptedTexts.set(root, (adopted = new Set()));
  for (const css of cssTexts) adopted.add(css);
  const current = root.adoptedStyleSheets;
  const missing = cssTexts.map(sheetFor).filter((sheet): sheet is CSSStyleSheet => sheet !== null && !current.includes(sheet));
  if (missing.length) root.adoptedStyleSheets = [...current, ...missing];
}

/** Where a server render gathers the CSS texts its widgets use (null in the browser). */
export const ServerStyles = createContext<Set<string> | null>(null);

/**
 * A widget brings its own CSS: adopted into its element's shadow root before the first paint.
 * So a widget loaded lazily (an office-app route) is styled like one defined up front.
 */
export function useStyles(cssTexts: readonly string[]): void {
  const { host } = useRuntime();
  // On a server: the first screen's styles, gathered while it renders (leadkit/server inlines them).
  const gathered = useContext(ServerStyles);
  if (gathered) for (const css of cssTexts) gathered.add(css);
  useLayoutEffect(() => {
    const root = host instanceof Element ? host.shadowRoot : null;
    if (root) adoptStyles(root, cssTexts);
  }, [host, cssTexts]);
}
