/**
 * The two `ufo` functions ofetch imports, for the CDN build only (aliased in vite.cdn.config.ts;
 * the npm build keeps the real `ufo`). The gateway client builds its own query strings and
 * passes a plain base URL, so these cover what ofetch asks of them in about a tenth of the bytes
 * of ufo's URL toolkit, which every widget's first load would otherwise carry.
 */

type QueryValue = string | number | boolean | null | undefined | readonly unknown[] | Record<string, unknown>;

const PROTOCOL = /^[a-z][\w+.-]*:/i;

/** `input` under `base` ("/gateway" + "/lead/v1" → "/gateway/lead/v1"), as ufo's withBase. */
export function withBase(input: string, base: string | undefined): string {
  if (!base || base === '/' || PROTOCOL.test(input) || input.startsWith('//')) return input;
  const trimmed = base.replace(/\/+$/, '');
  if (input.startsWith(trimmed)) {
    const next = input[trimmed.length];
    if (next === undefined || next === '/' || next === '?') return input;
  }
  return `${trimmed}/${input.replace(/^\/+/, '')}`;
}

function text(value: unknown): string {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

/** `input` with `query` merged into its query string (undefined drops a key; arrays repeat it), as ufo's withQuery. */
export function withQuery(input: string, query: Readonly<Record<string, QueryValue>>): string {
  const hashAt = input.indexOf('#');
  const hash = hashAt === -1 ? '' : input.slice(hashAt);
  const rest = hashAt === -1 ? input : input.slice(0, hashAt);
  const queryAt = rest.indexOf('?');
  const path = queryAt === -1 ? rest : rest.slice(0, queryAt);
  // Keys keep their first place, as in ufo's `{ ...parsedQuery, ...query }`.
  const merged = new Map<string, unknown>();
  for (const [key, value] of new URLSearchParams(queryAt === -1 ? '' : rest.slice(queryAt + 1))) {
    const before = merged.get(key);
    merged.set(key, before === undefined ? value : Array.isArray(before) ? [...(before as unknown[]), value] : [before, value]);
  }
  for (const [key, value] of Object.entries(query)) merged.set(key, value);
  const params = new URLSearchParams();
  for (const [key, value] of merged) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value as readonly unknown[]) params.append(key, text(item));
    else params.append(key, value === null ? '' : text(value));
  }
  const search = params.toString();
  return `${path}${search ? `?${search}` : ''}${hash}`;
}
