/**
 * The docs' snippets against the PACKED package and the real frameworks: every
 * TS/TSX block of README.md and docs/ and every module script of their HTML blocks — the very
 * files test/doc-snippets.test.ts type-checks in the repository (`typeCheckedFiles` of
 * ../helpers/doc-snippets.ts: one extraction) — written into the fixtures' work folder and
 * type-checked by the fixtures' own `tsc` with `strict`, as a host's project would: `leadkit`,
 * `leadkit/react`… resolve to the installed tarball's .d.ts (dist/), and `next/headers`,
 * `next/navigation`, `react`, `react-router`, `vite`, `@vitejs/plugin-vue` (with Vue's types),
 * `@angular/core`, `@angular/router` and `express` (@types/express) to the packages this folder
 * installs. No stand-in: a block that names a framework API the real types do not have fails.
 *
 * Fails when a block has a type error (printed as `doc:line: TScode message`), when the canary
 * (a block with three known mistakes) does not fail as expected, or when a module the blocks
 * import did not resolve to the installed package (the check would then prove nothing).
 */
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { CANARY, CANARY_ERRORS, canaryErrors, extractSnippets, typeCheckedFiles, type SnippetFile } from '../helpers/doc-snippets';

const run = promisify(execFile);

/**
 * What a host's tsconfig would say, for every block at once: strict, the bundler resolution of
 * Vite and Next.js, React's automatic JSX, the DOM and Node (server snippets), Vite's client types
 * (`import.meta.env` of the Vite recipes), and Angular's decorators as `ng new` configures them
 * (`experimentalDecorators`: the Angular recipe is written for such a project).
 */
const COMPILER_OPTIONS = {
  strict: true,
  target: 'ES2022',
  module: 'ESNext',
  moduleResolution: 'Bundler',
  jsx: 'react-jsx',
  lib: ['ES2023', 'DOM', 'DOM.Iterable'],
  types: ['node', 'vite/client'],
  experimentalDecorators: true,
  allowJs: true,
  checkJs: true,
  skipLibCheck: true,
  noEmit: true,
};

/** The npm package of a bare import (`next/headers` → `next`, `@angular/core` → `@angular/core`). */
const packageOf = (specifier: string): string | null => {
  if (specifier.startsWith('.') || specifier.startsWith('node:')) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? null);
};

/** The packages a file imports (static imports, `import type`, side-effect imports, `import()`). */
const importsOf = (text: string): string[] =>
  [...text.matchAll(/\bfrom\s+'([^']+)'|\bimport\s+'([^']+)'|\bimport\('([^']+)'\)/g)].flatMap((match) => {
    const name = packageOf(match[1] ?? match[2] ?? match[3] ?? '');
    return name ? [name] : [];
  });

/** Type-checks the docs' snippets in `apps` (the fixtures' install); prints and returns its PASS/FAIL result. */
export async function checkSnippets(apps: string): Promise<{ host: 'snippets'; failures: string[]; seconds: string }> {
  const at = performance.now();
  const failures = await snippetFailures(apps);
  const seconds = ((performance.now() - at) / 1000).toFixed(1);
  console.log(
    failures.length === 0 ? `PASS snippets (${seconds} s)` : `FAIL snippets (${seconds} s)\n${failures.map((failure) => `  - ${failure}`).join('\n')}`,
  );
  return { host: 'snippets', failures, seconds };
}

/** The failures of the check, empty when all is well. */
async function snippetFailures(apps: string): Promise<string[]> {
  const { snippets, malformed } = extractSnippets();
  const failures = malformed.map((marker) => `a snippet marker that does not read: ${marker}`);
  const dir = path.join(apps, 'doc-snippets');
  rmSync(dir, { recursive: true, force: true });
  const files = new Map<string, SnippetFile>();
  for (const file of typeCheckedFiles(snippets)) {
    const at = path.join(dir, 'src', ...file.name.split('/'));
    mkdirSync(path.dirname(at), { recursive: true });
    writeFileSync(at, file.text);
    files.set(path.relative(dir, at).split(path.sep).join('/'), file);
  }
  writeFileSync(path.join(dir, 'tsconfig.json'), `${JSON.stringify({ compilerOptions: COMPILER_OPTIONS, include: ['src'] }, null, 2)}\n`);

  // The fixtures' own TypeScript (test/hosts/package.json), as the host's project runs it.
  const tsc = path.join(apps, 'node_modules', 'typescript', 'bin', 'tsc');
  const output = await run(process.execPath, [tsc, '-p', dir, '--pretty', 'false', '--listFiles'], { cwd: dir, maxBuffer: 64 * 1024 * 1024 }).then(
    ({ stdout }) => stdout,
    (error: { stdout?: string; message: string }) => error.stdout ?? error.message,
  );

  // tsc's diagnostics (`file(line,col): error TSnnnn: message`, continued on indented lines), as `doc:line: TSnnnn message`.
  const errors: string[] = [];
  const listed: string[] = [];
  for (const line of output.split('\n')) {
    const diagnostic = /^(.+?)\((\d+),\d+\): error (TS\d+): (.*)$/.exec(line);
    if (diagnostic) {
      const [, file = '', row = '1', code = '', text = ''] = diagnostic;
      const snippet = files.get(file.split(path.sep).join('/'));
      errors.push(snippet ? `${snippet.snippet.doc}:${snippet.line + Number(row) - 1}: ${code} ${text}` : `${file}:${row}: ${code} ${text}`);
    } else if (/^\s/.test(line) && errors.length > 0 && line.trim()) {
      errors[errors.length - 1] += ` ${line.trim()}`;
    } else if (path.isAbsolute(line.trim())) {
      listed.push(line.trim());
    }
  }
  failures.push(...errors.filter((error) => !error.startsWith(CANARY)));
  const canary = canaryErrors(errors);
  if (JSON.stringify(canary) !== JSON.stringify(CANARY_ERRORS)) {
    failures.push(
      `the canary block (three known mistakes) gave [${canary.join(', ')}], expected [${CANARY_ERRORS.join(', ')}]: is strict on, are leadkit's types real?`,
    );
  }

  // Every package the blocks import came from the fixtures' node_modules (leadkit: its dist/ .d.ts).
  const inProgram = (name: string) =>
    listed.some((file) => [`node_modules/${name}/`, `node_modules/@types/${name.replace(/^@(.+)\//, '$1__')}/`].some((dirOf) => file.includes(dirOf)));
  const imported = new Set([...files.values()].flatMap((file) => importsOf(file.text)));
  for (const name of [...imported].sort()) {
    if (!inProgram(name)) failures.push(`${name}: imported by a snippet, but no file of the installed package is in the program`);
  }
  if (!listed.some((file) => file.includes('node_modules/leadkit/dist/'))) failures.push("leadkit's types did not come from the installed package's dist/");
  if (files.size < 10) failures.push(`only ${files.size} files found in the docs' blocks (an extraction that lost blocks?)`);
  console.log(
    `hosts: snippets: ${files.size} files from ${new Set([...files.values()].map((file) => `${file.snippet.doc}:${file.snippet.line}`)).size - 1} blocks type-checked against the packed package`,
  );
  return failures;
}
