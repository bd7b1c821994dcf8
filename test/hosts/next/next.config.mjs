import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Nothing here is about leadkit (a host needs no configuration for it): the build folder per
 * bundler (run.ts builds with Turbopack and with webpack side by side), and Turbopack's root set
 * to the fixtures' folder, where node_modules and the lockfile are.
 */
const here = path.dirname(fileURLToPath(import.meta.url));

export default {
  distDir: process.env.NEXT_DIST_DIR || '.next',
  turbopack: { root: path.resolve(here, '..') },
  outputFileTracingRoot: path.resolve(here, '..'),
};
