/** Types of scripts/test-prepare.mjs for the TypeScript that calls it (test/setup/prepare.ts). */
export interface Packed {
  tarball: string;
  files: string[];
}
export interface PackedPackages {
  leadkit: Packed;
  sandbox: Packed;
  cdn: Packed;
}
export declare const PACK_DIR: string;
export declare function packOnce(): PackedPackages;
export declare function prepareForTests(options?: { parts?: string[]; pack?: boolean }): PackedPackages | undefined;
