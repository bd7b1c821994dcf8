/** Types of scripts/test-browsers.mjs for the TypeScript that calls it (test/test-browsers.test.ts). */
export interface BrowserPackage {
  name: string;
  commands: string[];
  override?: string;
}
export interface MissingBrowsers {
  missing: string[];
  badOverrides: string[];
}
type Env = Readonly<Record<string, string | undefined>>;
export declare const BROWSER_PACKAGES: BrowserPackage[];
export declare function projectFilters(vitestArgs: readonly string[]): string[] | null;
export declare function neededPackages(options?: { vitestArgs?: readonly string[]; hosts?: boolean; engines?: string | undefined }): BrowserPackage[];
export declare function onPath(command: string, env?: Env): string | null;
export declare function missingBrowsers(
  packages: readonly BrowserPackage[],
  options?: { env?: Env; lookup?: (command: string) => string | null; isFile?: (file: string) => boolean },
): MissingBrowsers;
export declare function browsersProblem(missing: MissingBrowsers): string | null;
export declare function checkBrowsers(options?: {
  vitestArgs?: readonly string[];
  hosts?: boolean;
  env?: Env;
  lookup?: (command: string) => string | null;
  isFile?: (file: string) => boolean;
}): string | null;
