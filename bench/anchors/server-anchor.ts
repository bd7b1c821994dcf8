/**
 * The server half of the server-rendered card anchor (card-ssr.html, card-ssr.ts): the board's
 * first page of leads (10, the same calls as the board's), rendered with react-dom/server into
 * the built page's #root, the leads as JSON for the hydration, and the page's own stylesheet
 * inline — as the server-rendered board arrives: everything its first paint needs in the HTML.
 * Runs in the bench server (bench/server.ts), whose React is the production build: React and the
 * cards are imported on the first render, after the server has set NODE_ENV (as dist/server.js is).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadLeads } from './leads';

/** The cards the board's first page shows (`cards` asks for more: a page the size of the board's DOM). */
const CARDS = 10;

export async function renderServerAnchor(builtDir: string, origin: string, fetch: typeof globalThis.fetch, cards = CARDS): Promise<string> {
  const [{ createElement }, { renderToString }, { CardList }] = await Promise.all([import('react'), import('react-dom/server'), import('./card-view')]);
  const template = readFileSync(path.join(builtDir, 'card-ssr.html'), 'utf8');
  const leads = await loadLeads(cards, { origin, fetch });
  const markup = renderToString(createElement(CardList, { leads, initialOpen: null }));
  const json = JSON.stringify(leads).replace(/</g, '\\u003c');
  const inlined = template.replace(/<link rel="stylesheet"[^>]*href="(\/anchors\/react-ssr\/[^"]+\.css)"[^>]*>/, (_, href: string) => {
    const css = readFileSync(path.join(builtDir, href.slice('/anchors/react-ssr/'.length)), 'utf8');
    return `<style>${css}</style>`;
  });
  if (inlined === template) throw new Error('bench: the server-rendered card anchor has no stylesheet link to inline (bench/anchors/card-ssr.html)');
  return inlined.replace('<!--cards-->', markup).replace('<!--leads-->', json);
}
