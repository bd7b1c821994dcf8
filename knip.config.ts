import type { KnipConfig } from 'knip';

/**
 * The dead-code check, run by `npm run lint`: no file, export, type or dependency
 * that nothing uses. It sees everything that runs: the package entries (found from package.json
 * `exports`), the CDN build's entries, scripts, tests, stories and the docs site, examples,
 * benchmarks and the configs (Vite, Vitest, ESLint and Storybook are found by knip's plugins).
 */
const config: KnipConfig = {
  // `npm run lint` runs knip twice: as is (every export is used by something: code, a test, a
  // story, a script), and with `--production`, which reads only what ships and so lists the
  // exports only tests import. Those are marked `@internal` in their JSDoc, which production mode
  // accepts (knip's own rule, no `tags` setting needed; the default run still requires a user),
  // and which no public type may carry (scripts/api-report.ts). `--exclude binaries` there:
  // production mode checks the `start` script's binaries, and `npm start` here is the development
  // server (tsx), not something a host runs.
  workspaces: {
    '.': {
      entry: [
        // What ships, marked `!` (production entries: `knip --production`, run by `npm run lint`,
        // starts from these alone). The package entries (vite.config.ts LIBRARY_ENTRIES) and the
        // CDN loader: named here because knip's Vite plugin counts a library build's entries as
        // development entries, which production mode drops; so the plugin reads only the CDN
        // configs and vite.config.ts is an entry of its own (its imports are followed).
        'src/{index,define,server,twilio,heic,notifications-sw,loader}.ts!',
        'src/{react,react.node}.tsx!',
        // The CDN build's entries: one per tag, built from src/elements/<tag>.element.ts with
        // defineElement (vite.cdn.config.ts), and src/cdn/ (the loader's first calls, the optional
        // peers' defaults and the Preact flavour's stand-ins, which the CDN build aliases in).
        'src/elements/*.element.ts!',
        'src/elements/define-element.ts!',
        'src/cdn/**/*.ts!',
        '!src/cdn/**/*.test.ts!',
        'vite.config.ts',
        'scripts/**/*.{ts,mjs}',
        'test/**/*.{ts,tsx}',
        'stories/**/*.{ts,tsx}',
        '.storybook/*.{ts,tsx}',
        'examples/**/*.{js,mjs,ts,tsx}',
        'bench/**/*.{ts,mjs}',
        'eslint/*.js',
      ],
      project: [
        'src/**/*.{ts,tsx}!',
        'scripts/**/*.{ts,mjs}',
        'test/**/*.{ts,tsx}',
        'stories/**/*.{ts,tsx}',
        '.storybook/**/*.{ts,tsx}',
        'bench/**/*.{ts,mjs}',
        'eslint/*.js',
      ],
      vite: { config: ['vite.cdn.config.ts', 'vite.cdn-lite.config.ts'] },
      // The host fixtures are apps of their own, with their own packages (test/hosts/package.json,
      // installed by test/hosts/run.ts); only the runner and its sandbox are this package's.
      // dist/ is the build (package.json `exports` name its files, e.g. the framework type shims
      // that import vue and svelte types): CI builds before it lints.
      ignore: ['test/hosts/*/**', 'dist/**'],
      ignoreDependencies: [
        // The workspace package packages/sandbox, resolved by tsconfig.json's `paths` and the
        // Vite/Vitest alias: never installed from the registry, so not in devDependencies.
        '@leadkit/sandbox',
        // ofetch's own dependencies: src/cdn/lite/lite.test.ts checks the CDN build's stand-ins
        // against them.
        'ufo',
        'destr',
        // Read by path or run as a binary, which knip cannot follow: axe-core's axe.min.js
        // (test/e2e/harness.ts), lighthouse's CLI (bench/browser.ts), publint and attw
        // (scripts/build-check.mjs).
        'axe-core',
        'lighthouse',
        'publint',
        '@arethetypeswrong/cli',
        // Types only, from @types/estree (ESLint's): eslint/no-cycle.js's JSDoc.
        'estree',
        // A dependency of the Twilio SDK: scripts/record-twilio-connection.ts (run by hand)
        // records a connection with it.
        'ws',
      ],
      // Debian's binaries, installed by .ci/run (docs/contributing.md).
      ignoreBinaries: ['openssl', 'Xvfb', 'WebKitWebDriver'],
    },
    'packages/sandbox': {
      // The package's entries (its vite.config.ts: the index and the `leadkit-sandbox` bin), named
      // here for production mode, as the root's are (knip's Vite plugin, off, would make them development ones).
      entry: ['src/index.ts!', 'src/serve.ts!', 'vite.config.ts', 'src/**/*.test.ts'],
      vite: false,
      // Its sources are production files (`!`: production mode reads no others), but for the
      // helpers only its tests import.
      project: ['src/**/*.ts!', '!src/test-helpers.ts!', '!src/twilio/test-waits.ts!'],
    },
  },
};

export default config;
