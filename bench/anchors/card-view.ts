/**
 * The spec-equal lead cards (spec §2's header and its whole expanded content), as plain React:
 * rendered in the browser by card.ts (the interaction bench's card-expand baseline) and on the
 * server then hydrated by card-ssr.ts (the hydration baseline of the server-rendered board).
 */
import { createElement as h, useState, type ReactNode } from 'react';
import type { Lead } from './leads';

const STATUSES: [string, string][] = [
  ['Initial', 'New'],
  ['ContactAndQualify', 'Not Contacted'],
  ['Selling', 'Contacted'],
  ['InProgressWon', 'Scheduled'],
  ['ClosedWon', 'Closed won'],
  ['ClosedDidntWin', 'Closed lost'],
];
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'short', timeStyle: 'short' });
const section = (title: string, ...children: ReactNode[]) => h('section', { className: 'section' }, h('h3', null, title), ...children);

function Body({ lead }: { lead: Lead }) {
  const [status, setStatus] = useState(lead.status);
  const [more, setMore] = useState(false);
  const [contact, setContact] = useState(false);
  const c = lead.customerInfo;
  const qa = more ? lead.questionsAndAnswers : lead.questionsAndAnswers.slice(0, 4);
  return h(
    'div',
    { className: 'body' },
    h(
      'div',
      { className: 'row' },
      section(
        'Location',
        h('p', null, [c.city, c.state, c.postalCode].filter(Boolean).join(', ')),
        h('button', { type: 'button', className: 'link', 'aria-expanded': contact, onClick: () => setContact(!contact) }, 'Contact'),
        contact ? h('dl', null, h('dt', null, 'Phone'), h('dd', null, c.phoneNumber ?? ''), h('dt', null, 'Email'), h('dd', null, c.emailAddress ?? '')) : null,
        h('p', null, h('a', { className: 'link', href: `#message-${lead.leadId}` }, 'Message')),
      ),
      h(
        'div',
        { className: 'controls' },
        h(
          'label',
          { className: 'select' },
          h('span', null, 'Lead status'),
          h(
            'select',
            { value: status, onChange: (event: { currentTarget: HTMLSelectElement }) => setStatus(event.currentTarget.value) },
            ...STATUSES.map(([value, label]) => h('option', { key: value, value }, label)),
          ),
        ),
        h(
          'button',
          { type: 'button', className: 'stars', 'aria-expanded': false },
          h('span', { 'aria-hidden': true }, ...[1, 2, 3, 4, 5].map((n) => h('span', { key: n, className: 'star' }))),
          h('span', null, 'Rate this lead'),
        ),
        h('button', { type: 'button', className: 'menu', 'aria-label': 'More actions', 'aria-haspopup': 'menu' }, '⋯'),
      ),
    ),
    lead.description ? section('Customer Notes', h('p', null, lead.description)) : null,
    section('Your Notes', h('p', null, 'No notes yet.'), h('button', { type: 'button', className: 'link' }, 'Edit')),
    h('div', { className: 'review' }, h('button', { type: 'button', className: 'button' }, 'Request a Review')),
    section(
      'Project Details',
      h('dl', null, ...qa.map((item) => h('div', { key: item.question }, h('dt', null, item.question), h('dd', null, item.answers.join(', '))))),
      lead.questionsAndAnswers.length > 4
        ? h('button', { type: 'button', className: 'link', onClick: () => setMore(!more) }, more ? 'Read Less' : 'Read More')
        : null,
    ),
    h(
      'div',
      { className: 'offer' },
      h('svg', { viewBox: '0 0 24 24', 'aria-hidden': true }, h('path', { d: 'M12 2 4 5v6c0 5 3.4 9.4 8 11 4.6-1.6 8-6 8-11V5l-8-3Z' })),
      h('p', null, h('strong', null, 'Liability insurance for your business'), ' starting at $30/month'),
      h('a', { className: 'button', href: '#insurance', target: '_blank', rel: 'noopener noreferrer' }, 'Get a quote'),
      h('button', { type: 'button', className: 'dismiss', 'aria-label': 'Dismiss insurance offer' }, '×'),
    ),
  );
}

function Card({ lead, open, onToggle }: { lead: Lead; open: boolean; onToggle: () => void }) {
  const c = lead.customerInfo;
  const place = [c.city, c.state].filter(Boolean).join(', ');
  return h(
    'li',
    { className: 'card', part: 'lead-card', 'data-lead-id': lead.leadId, 'data-expanded': String(open) },
    h(
      'div',
      { className: 'header' },
      h('input', { type: 'checkbox', 'aria-label': `Select ${c.firstName}` }),
      h(
        'button',
        { type: 'button', className: 'toggle', 'aria-expanded': open, onClick: onToggle },
        h('span', { className: 'name' }, `${c.firstName} ${c.lastName}`),
        h(
          'span',
          { className: 'meta' },
          h('time', { dateTime: lead.createDate }, dateFormat.format(new Date(lead.createDate))),
          h('span', null, lead.category.name),
          place ? h('span', null, place) : null,
        ),
      ),
      h('a', { className: 'button', href: `#message-${lead.leadId}` }, 'Message'),
    ),
    open ? h(Body, { lead }) : null,
  );
}

/** The cards, one open at a time (`initialOpen`: the lead open first, or none). */
export function CardList({ leads, initialOpen }: { leads: Lead[]; initialOpen: number | null }) {
  const [open, setOpen] = useState<number | null>(initialOpen);
  return h(
    'ul',
    { className: 'cards' },
    ...leads.map((lead) => h(Card, { key: lead.leadId, lead, open: open === lead.leadId, onToggle: () => setOpen(open === lead.leadId ? null : lead.leadId) })),
  );
}
