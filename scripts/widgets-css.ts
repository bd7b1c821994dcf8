import type { Plugin } from 'vite';

/**
 * `widgets.css`: every stylesheet the widgets adopt (each `*.css?inline` module), in one file, for
 * pages rendered on a server (leadkit/server links it inside each declarative shadow root: a
 * strict CSP allows a linked stylesheet, not an inline one). In the browser the widgets still
 * adopt their sheets; adopted sheets come after linked ones, so once a widget is hydrated it looks
 * exactly as when rendered in the browser alone. Order: base.css (the tokens and `:host`), the ui
 * primitives, then the widgets' own (which may refine a primitive), each group by path.
 */
const rank = (id: string) => (/[\\/]src[\\/]ui[\\/]base\.css/.test(id) ? 0 : /[\\/]src[\\/]ui[\\/]/.test(id) ? 1 : 2);
export function widgetsCss(fileName: string): Plugin {
  return {
    name: 'leadkit:widgets-css',
    apply: 'build',
    generateBundle() {
      const parts: string[] = [];
      const ids = [...this.getModuleIds()].filter((id) => /\.css\?inline$/.test(id)).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
      for (const id of ids) {
        const code = this.getModuleInfo(id)?.code ?? '';
        const literal = /^export default\s+("(?:[^"\\]|\\.)*")/.exec(code.trim())?.[1];
        if (literal === undefined) this.error(`widgets.css: cannot read the CSS of ${id}`);
        parts.push(JSON.parse(literal) as string);
      }
      if (parts.length === 0) return;
      this.emitFile({
        type: 'asset',
        fileName,
        source: `/* leadkit widgets.css: the widgets' styles for server-rendered pages (leadkit/server). */\n${[...new Set(parts)].join('\n')}\n`,
      });
    },
  };
}
