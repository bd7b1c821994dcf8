// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import layers from './eslint/layers.js';
import noCycle from './eslint/no-cycle.js';
import noReexport from './eslint/no-reexport.js';

/**
 * leadkit's own rules: the layers (eslint/layers.js), no import cycle, type-only ones included
 * (eslint/no-cycle.js), and one import path per name (eslint/no-reexport.js).
 */
const leadkit = { rules: { ...layers.rules, ...noCycle.rules, ...noReexport.rules } };

export default tseslint.config(
  { ignores: ['**/dist/**', 'storybook-static/**', 'coverage/**', '**/node_modules/**', 'scratch/**'] }, // scratch/: a developer's own scripts, ignored by git too
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { leadkit },
    rules: {
      'leadkit/layers': 'error',
      'leadkit/no-cycle': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      // `import { type A } from 'x'` keeps `import 'x'` under verbatimModuleSyntax: a module the
      // code never runs stays in the import graph the CDN build groups first screens by.
      '@typescript-eslint/no-import-type-side-effects': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/**/*.tsx', 'stories/**/*.tsx', '.storybook/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // A widget loads its parts one way (docs/architecture.md#decision-lazy-parts): lazyPart, which renders a part that has
    // arrived in the first render and can be started early; React.lazy alone suspends once.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/ui/lazy-part.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'react', importNames: ['lazy'], message: 'Load a part with lazyPart (src/ui/lazy-part.ts).' }] }],
    },
  },
  {
    // Files a reader can hold: no source file over 500 lines, every line counted.
    // Exempt: tests (a list of cases, read one at a time), stories (a list of states) and
    // generated files (declarations, `*.generated.*`: nobody reads or edits them by hand).
    files: ['src/**/*.{ts,tsx,js,mjs}', 'packages/*/src/**/*.{ts,tsx,js,mjs}'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.stories.{ts,tsx}', '**/*.d.ts', '**/*.generated.{ts,tsx,js}'],
    rules: { 'max-lines': ['error', { max: 500, skipBlankLines: false, skipComments: false }] },
  },
  {
    // One import path per name: no forwarding modules in shipped code (exemptions in the rule).
    files: ['src/**/*.{ts,tsx,js,mjs}', 'packages/*/src/**/*.{ts,tsx,js,mjs}'],
    rules: { 'leadkit/no-reexport': 'error' },
  },
  {
    // The dev server and scripts print for people; shipped code never logs (customer data).
    files: ['packages/sandbox/src/serve.ts', 'scripts/**', 'bench/**', 'test/**'],
    rules: { 'no-console': 'off' },
  },
);
