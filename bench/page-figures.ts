/** What the bench keeps of a page's loads over one protocol (bench/pages.ts measures them, bench/server-render.ts reads them too). */
import type { LoadSample } from './load';
import type { Protocol } from './protocols';

export const PHONE = 412;
export const DESKTOP = 1280;

export interface PageFigures {
  id: string;
  /** The protocol it was served over (bench/protocols.ts): `h1` plain HTTP/1.1, `h2` HTTP/2 over TLS. */
  protocol: Protocol;
  anchor: boolean;
  /** Its first content is in the HTML (server-rendered, or the static floor). */
  inHtml: boolean;
  /** Another flavour of the CDN build (its loader dist/cdn/leadkit-NAME.js), or null. */
  flavour: string | null;
  label: string;
  path: string;
  what: string;
  /** Medians over the runs at 412 px (CLS: at each width). */
  median: {
    firstContentMs: number;
    /** The HTML's first byte. */
    ttfbMs: number;
    jsBytes: number;
    jsFiles: number;
    chainDepth: number;
    dataDepth: number | null;
    dataStartMs: number | null;
    longTasksMs: number;
    cls412: number;
    cls1280: number;
    /** When the widget was live (its first lk-load), and the long tasks before it; null without one. */
    readyMs: number | null;
    longTasksUntilReadyMs: number | null;
    /** Script time in long animation frames before the first content, and before live (bench/load.ts). */
    scriptInLongFramesMs: number;
    scriptInLongFramesUntilReadyMs: number | null;
  };
  /** Ratios of the medians to the React anchor's over the same protocol. */
  vsReactAnchor: { firstContent: number; jsBytes: number; jsFiles: number; chainDepth: number; longTasks: number } | null;
  runs: LoadSample[];
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};
