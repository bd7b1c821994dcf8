/**
 * The anchor page: the board's first page of leads from the sandbox gateway (the same two
 * calls as <lead-board>, with the same headers, from an effect after the first render, as the
 * board does), 5 cards, each expanding to its details. Written with createElement so one source
 * builds with React 19 and, aliased, with preact/compat (bench/anchors/build.ts).
 */
import { createElement as h, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { loadLeads, type Lead } from './leads';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'short', timeStyle: 'short' });

function Card({ lead }: { lead: Lead }) {
  const [open, setOpen] = useState(false);
  const customer = lead.customerInfo;
  const place = [customer.city, customer.state].filter(Boolean).join(', ');
  return h(
    'li',
    { className: 'card', part: 'lead-card', 'data-lead-id': lead.leadId, 'data-expanded': String(open) },
    h(
      'button',
      { type: 'button', className: 'card__toggle', 'aria-expanded': open, onClick: () => setOpen(!open) },
      h('span', { className: 'card__name' }, `${customer.firstName} ${customer.lastName}`),
      h(
        'span',
        { className: 'card__meta' },
        h('time', { dateTime: lead.createDate }, dateFormat.format(new Date(lead.createDate))),
        h('span', null, lead.category.name),
        place ? h('span', null, place) : null,
      ),
    ),
    open
      ? h(
          'div',
          { className: 'card__body' },
          h('p', null, lead.description ?? ''),
          h(
            'dl',
            null,
            h('dt', null, 'Lead status'),
            h('dd', null, lead.status),
            ...lead.questionsAndAnswers.flatMap((qa) => [
              h('dt', { key: `q${qa.question}` }, qa.question),
              h('dd', { key: `a${qa.question}` }, qa.answers.join(', ')),
            ]),
            h('dt', null, 'Phone'),
            h('dd', null, customer.phoneNumber ?? ''),
            h('dt', null, 'Email'),
            h('dd', null, customer.emailAddress ?? ''),
          ),
        )
      : null,
  );
}

function App() {
  const [leads, setLeads] = useState<Lead[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    loadLeads(5).then(setLeads, (reason: unknown) => setError(String(reason)));
  }, []);
  if (error) return h('p', { role: 'alert' }, error);
  if (!leads) return h('p', null, 'Loading…');
  return h('ul', { className: 'cards' }, ...leads.map((lead) => h(Card, { key: lead.leadId, lead })));
}

createRoot(document.getElementById('root') as HTMLElement).render(h(App));
