// Which locale a widget speaks, and the loader of each locale's pack (the types: locale-types.ts,
// which the packs import — so a pack never imports its own loader).
import { DEFAULT_LOCALE, type LocaleId, type LocalePack } from './locale-types';

/** en-US: the widgets' own catalogue parts are its texts (no messages to lay over them). */
export const EN_US_PACK: LocalePack = { id: 'en-US', messages: {}, format: null };

/**
 * The locale a BCP 47 tag asks for, or null for a language leadkit does not speak: any Spanish
 * (`es`, `es-US`, `es-MX`, `es-419`…) is es-US, any English is en-US. Case and `_` are forgiven.
 * @internal Exported for tests.
 */
export function matchLocale(tag: string | null | undefined): LocaleId | null {
  const language = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0];
  if (language === 'es') return 'es-US';
  if (language === 'en') return 'en-US';
  return null;
}

/** The `lang` closest to a node: its own or an ancestor's, across shadow roots, then the document's. */
function closestLang(node: Node | null): string | null {
  let current: Node | null = node;
  while (current) {
    if (current instanceof Element) {
      const lang = current.closest('[lang]')?.getAttribute('lang');
      if (lang) return lang;
    }
    const root = current.getRootNode();
    current = root instanceof ShadowRoot ? root.host : null;
  }
  const documentLang = typeof document === 'undefined' ? null : document.documentElement.getAttribute('lang');
  return documentLang || null;
}

/**
 * The locale a widget shows: its `locale` attribute or property when set (a language leadkit
 * does not speak is en-US), else the closest `lang` of the host — its own, an ancestor's, the
 * page's `<html lang>` — else en-US.
 */
export function resolveLocale(requested: string | null | undefined, host: EventTarget | null): LocaleId {
  if (requested != null && requested.trim() !== '') return matchLocale(requested) ?? DEFAULT_LOCALE;
  const lang =
    typeof Node !== 'undefined' && host instanceof Node
      ? closestLang(host)
      : typeof document === 'undefined'
        ? null
        : document.documentElement.getAttribute('lang');
  return matchLocale(lang) ?? DEFAULT_LOCALE;
}

/** Each locale's chunk, by dynamic import: the bundlers split it off every first load. */
const IMPORTERS: { readonly [K in Exclude<LocaleId, 'en-US'>]: () => Promise<LocalePack> } = {
  'es-US': () => import('./es-US').then((module) => module.esUSPack),
};

const loaded = new Map<LocaleId, LocalePack>([['en-US', EN_US_PACK]]);
const loading = new Map<LocaleId, Promise<LocalePack>>();

/** The locale's pack when it is already here (en-US always is), else undefined. */
export function loadedLocalePack(id: LocaleId): LocalePack | undefined {
  return loaded.get(id);
}

/**
 * Loads a locale's pack once per page (an element starts it when it connects, beside its first
 * data). A chunk that fails to load gives en-US for now (the widget still works) and is tried
 * again by the next widget that asks.
 */
export function loadLocalePack(id: LocaleId): Promise<LocalePack> {
  const here = loaded.get(id);
  if (here) return Promise.resolve(here);
  let pending = loading.get(id);
  if (!pending) {
    pending = IMPORTERS[id as Exclude<LocaleId, 'en-US'>]()
      .then((pack) => {
        loaded.set(id, pack);
        return pack;
      })
      .catch(() => EN_US_PACK)
      .finally(() => loading.delete(id));
    loading.set(id, pending);
  }
  return pending;
}
