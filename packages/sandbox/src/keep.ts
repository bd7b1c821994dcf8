/**
 * What an answer keeps of a value: `true` all of it; an object the named fields (each by its own
 * shape), and nothing else; `[shape]` each element of an array. A field the answer does not
 * have stays absent; null stays null. (The spec profiles' answers: spec-profile.ts, spec-variants.ts.)
 */
export type Keep = true | { readonly [field: string]: Keep } | readonly [Keep];

export function keepOnly(value: unknown, keep: Keep): unknown {
  if (keep === true || value === null || typeof value !== 'object') return value;
  if (Array.isArray(keep)) return Array.isArray(value) ? value.map((item: unknown) => keepOnly(item, keep[0] as Keep)) : value;
  if (Array.isArray(value)) return value;
  const source = value as Record<string, unknown>;
  const kept: Record<string, unknown> = {};
  for (const [field, shape] of Object.entries(keep as Record<string, Keep>)) if (field in source) kept[field] = keepOnly(source[field], shape);
  return kept;
}
