/**
 * The spec-equal card anchor (bench/interactions.ts: card expand): the board's first page of
 * leads (the same two calls as bench/anchors/main.ts, 10 leads as the board shows) as plain React
 * cards with spec §2's header and its whole expanded content — location and 'Contact', the
 * Message link, the 'Lead status' select, the feedback stars, the ellipsis menu, Customer Notes,
 * Your Notes with Edit, 'Request a Review', Project Details with 'Read More', and the insurance
 * offer — one open at a time, the first open on mount. No library but React: what a team writing
 * the same card by hand would ship, to compare leadkit's card expand with.
 */
import { createElement as h, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { CardList } from './card-view';
import { loadLeads, type Lead } from './leads';

function App() {
  const [leads, setLeads] = useState<Lead[] | null>(null);
  useEffect(() => {
    loadLeads(10).then(setLeads);
  }, []);
  if (!leads) return h('p', null, 'Loading…');
  return h(CardList, { leads, initialOpen: leads[0]?.leadId ?? null });
}

createRoot(document.getElementById('root') as HTMLElement).render(h(App));
