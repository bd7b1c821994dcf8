import type { AttributeValues, FirstScreenData } from '../contract/first-screen-data';
import type { HostProperties } from '../contract/host-properties';
import type { LeadkitTag } from '../contract/tags';

/**
 * How `leadkit/react`'s components render a first screen while rendering on a server: set by
 * the package's Node build of `leadkit/react` (`react.node.tsx`, the `node` export condition:
 * Next.js's server render, Vite SSR, plain Node), which brings leadkit/server's renderer; the
 * browser build has none, and never carries the server renderer.
 */
export type ServerRenderer = (
  tag: LeadkitTag,
  input: { attributes: AttributeValues; properties: Partial<Omit<HostProperties, 'gateway'>>; from: FirstScreenData },
) => Promise<string | null>;

let renderer: ServerRenderer | null = null;

export function setServerRenderer(value: ServerRenderer): void {
  renderer = value;
}

export const serverRenderer = (): ServerRenderer | null => renderer;
