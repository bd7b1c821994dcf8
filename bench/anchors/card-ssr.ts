/**
 * The spec-equal cards, server-rendered (bench/server.ts renders card-view.ts's CardList into
 * #root with react-dom/server and puts the leads in #leads), hydrated here with React 19: the
 * floor of hydration on this stack, for the server-rendered board's (bench/server-render.ts).
 * Once hydrated it says `lk-load`, as a leadkit widget does when it is live.
 */
import { createElement as h, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { CardList } from './card-view';
import type { Lead } from './leads';

const leads = JSON.parse(document.getElementById('leads')?.textContent ?? '[]') as Lead[];

function Hydrated() {
  useEffect(() => {
    document.getElementById('root')?.dispatchEvent(new CustomEvent('lk-load', { bubbles: true, composed: true }));
  }, []);
  return h(CardList, { leads, initialOpen: null });
}

hydrateRoot(document.getElementById('root') as HTMLElement, h(Hydrated));
