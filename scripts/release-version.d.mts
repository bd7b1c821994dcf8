/** Types of scripts/release-version.mjs for the TypeScript that calls it (test/release.test.ts). */
export interface Release {
  /** The heading's text after `## `. */
  title: string;
  /** `Unreleased`, or the version in `## [X.Y.Z] - …`. */
  version: string;
  /** What follows ` - `: a date, or NOT_YET. */
  date: string;
  text: string;
}
export interface VersionMention {
  file: string;
  what: string;
  version: string;
}
export interface Changeset {
  id: string;
  releases: { name: string; type: 'major' | 'minor' | 'patch' | 'none' }[];
  summary: string;
}
export declare const PACKAGES: { name: string; dir: string }[];
export declare const SECTIONS: string[];
export declare const NOT_YET: string;
export declare const NOT_YET_NOTE: string;
export declare const VERSIONED: { what: string; files: string[] | null; pattern: RegExp }[];
export declare function repositoryFiles(root?: string): string[];
export declare function versionMentions(root?: string, files?: string[]): VersionMention[];
export declare function readChangesets(root?: string): Changeset[];
export declare function bumpKind(from: string, to: string): 'major' | 'minor' | 'patch';
export declare function releasesOf(markdown: string): Release[];
export declare function cutRelease(markdown: string, options: { version: string; date: string; entries?: string[] }): string;
export declare function syncVersion(version: string, root?: string): string[];
export declare function versionStep(options?: { root?: string; date?: string; log?: (line: string) => void }): {
  version: string;
  changesets: number;
  changed: string[];
};
