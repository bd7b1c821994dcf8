/** Types of scripts/build.mjs for the TypeScript that calls it (bench/, test/helpers/docs-site.ts, test/release.test.ts). */
export declare const ROOT: string;
/** True when one of `outputs` (paths under ROOT) is missing or older than an input of the library build, or than one of `more`. */
export declare function isStale(outputs?: string[], more?: string[]): boolean;
/** Runs `work` holding this checkout's lock named `name`. */
export declare function withLock<T>(name: string, work: () => T): T;
export declare function ensureBuilt(options?: { parts?: string[]; ifStale?: boolean; check?: boolean }): Record<string, number>;
