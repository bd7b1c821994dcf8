import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { localized, startingWith, text, textPattern } from '../support/story-text';
import { LEAD_STATUSES } from '../../src/domain/lead-status';
import { LeadBoard, type LeadBoardProps } from '../../src/react';
import { shadowOf, within } from '../support/queries';
import { sandboxOf, type SandboxParameters } from '../support/sandbox';
import { pseudoLocalize } from '../support/story-locale';
import { board, boardLoaders, inlineBefore, phoneBoard, SEED_1001, showing, unfoldFilters } from './board';
import { NO_FAULT } from '../support/pinned';

/**
 * The board's counts: each option of the status filter shows how many leads it
 * holds, 'Show Unread Messages' how many leads have unread messages — from the leadkit-designed
 * counts call (POST …/leads/serviceProvider/{id}/counts), asked for once the first card is on
 * screen. Each count is a badge (shown only) and a description ('4 leads', '14 unread'); the
 * names stay the spec's texts. Loading keeps their places; a failed call shows none.
 */
const COUNTS_ROUTE = 'POST /gateway/lead/office/v1/leads/serviceProvider/:id/counts';
const COUNTS_PATH = '/gateway/lead/office/v1/leads/serviceProvider/1001/counts';
const ACTIVE_LEADS = SEED_1001.activeLeads;
const UNREAD_MESSAGE_LEADS = SEED_1001.unreadMessageLeads;

const sandbox = (parameters: SandboxParameters) => ({ sandbox: parameters });

const meta = {
  title: 'Elements/<lead-board>/Counts',
  globals: NO_FAULT,
  component: LeadBoard,
  args: { spId: 1001 },
  render: board,
  loaders: boardLoaders,
  parameters: { a11y: { test: 'error' } },
} satisfies Meta<LeadBoardProps>;

export default meta;
type Story = StoryObj<typeof meta>;

const phone = phoneBoard;

/**
 * The board with its first card, and the filter panel loaded (it comes after the first card);
 * `unfold`: the panel opened on a narrow board, for a story about the status filter.
 */
async function shownBoard(canvasElement: HTMLElement, { count = showing(), unfold = false }: { count?: RegExp | string; unfold?: boolean } = {}) {
  const frame = await shadowOf(canvasElement);
  await frame.canvas.findByText(count);
  await waitFor(() => expect(frame.root.querySelector('.lk-filters__panel--loading')).toBeNull());
  if (unfold) await unfoldFilters(frame.canvas);
  return frame;
}

/** '4 leads' or '1 lead' in the story's locale. */
const leadCount = () => new RegExp(`${textPattern('filters.leadCount').source}|${textPattern('filters.leadCountOne').source}`);

/** The number a description starts with ('4 leads' → 4). */
function describedCount(root: ShadowRoot, element: HTMLElement): number {
  const id = element.getAttribute('aria-describedby');
  const text = (id && root.getElementById(id)?.querySelector(':not([aria-hidden])')?.textContent) || (id && root.getElementById(id)?.textContent) || '';
  return Number(/^\d+/.exec(text)?.[0] ?? Number.NaN);
}

/** Every status with its count and the unread count beside the toggle. */
export const CountsLoaded: Story = {
  play: async (context) => {
    const { root, canvas } = await shownBoard(context.canvasElement, { unfold: true });
    const toggle = canvas.getByRole('switch', { name: 'Show Unread Messages' });
    await waitFor(() => expect(toggle).toHaveAccessibleDescription(text('filters.unreadCount', { count: UNREAD_MESSAGE_LEADS })));
    await expect(root.querySelector('.lk-count')).toHaveTextContent(String(UNREAD_MESSAGE_LEADS));
    await expect(root.querySelector('.lk-count')).toBeVisible();

    await userEvent.click(canvas.getByRole('button', { name: startingWith('Lead status') }));
    const group = canvas.getByRole('group', { name: 'Lead status' });
    const boxes = within(group).getAllByRole('checkbox');
    let total = 0;
    for (const box of boxes) {
      await expect(box).toHaveAccessibleDescription(leadCount());
      const count = describedCount(root, box);
      await expect(box.closest('label')?.querySelector('[part="multi-select-badge"]')).toHaveTextContent(String(count));
      total += count;
    }
    // Every active lead has one status: together they are the list's total.
    await expect(total).toBe(ACTIVE_LEADS);
    await expect(sandboxOf(context).gateway.store.requests.filter((request) => request.path === COUNTS_PATH)).toHaveLength(1);
  },
};

/** The counts call hangs: the first card is there, the badges keep their places (empty), nothing is said yet. */
export const CountsLoading: Story = {
  parameters: sandbox({ fault: { latency: 3_600_000, route: COUNTS_ROUTE } }),
  play: async ({ canvasElement }) => {
    const { root, canvas } = await shownBoard(canvasElement, { unfold: true });
    await waitFor(() => expect(root.querySelector('.lk-count[data-pending]')).toBeVisible());
    await expect(canvas.getByRole('switch', { name: 'Show Unread Messages' })).toHaveAccessibleDescription('');
    await userEvent.click(canvas.getByRole('button', { name: startingWith('Lead status') }));
    const group = canvas.getByRole('group', { name: 'Lead status' });
    await expect(group.querySelectorAll('.lk-multi-select__badge[data-pending]')).toHaveLength(LEAD_STATUSES.length);
    for (const box of within(group).getAllByRole('checkbox')) await expect(box).toHaveAccessibleDescription('');
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** The counts call fails: no counts, no error; the filters work as without them. */
export const CountsFailed: Story = {
  parameters: sandbox({ fault: { status: 500, route: COUNTS_ROUTE } }),
  play: async (context) => {
    const { root, canvas } = await shownBoard(context.canvasElement, { unfold: true });
    await waitFor(() => expect(sandboxOf(context).gateway.store.requests.find((request) => request.path === COUNTS_PATH)?.status).toBe(500));
    await waitFor(() => expect(root.querySelector('.lk-count')).toBeNull());
    await expect(canvas.queryByRole('alert')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: startingWith('Lead status') }));
    const group = canvas.getByRole('group', { name: 'Lead status' });
    await expect(group.querySelector('.lk-multi-select__badge')).toBeNull();
    await userEvent.click(within(group).getByRole('checkbox', { name: 'Contacted' }));
    await expect(await canvas.findByRole('button', { name: text('filters.removeTag', { label: localized('Contacted') }) })).toBeVisible();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** es-US: '14 sin leer', '4 clientes potenciales' (plural), '1 cliente potencial'. */
export const CountsInSpanish: Story = {
  parameters: { locale: 'es-US' },
  play: async ({ canvasElement }) => {
    const { canvas } = await shownBoard(canvasElement, { count: `Mostrando 1 - 10 de ${ACTIVE_LEADS} resultados`, unfold: true });
    const toggle = canvas.getByRole('switch', { name: 'Mostrar mensajes no leídos' });
    await waitFor(() => expect(toggle).toHaveAccessibleDescription(`${UNREAD_MESSAGE_LEADS} sin leer`));
    await userEvent.click(canvas.getByRole('button', { name: /^Estado del cliente potencial/ }));
    const group = canvas.getByRole('group', { name: 'Estado del cliente potencial' });
    for (const box of within(group).getAllByRole('checkbox')) await expect(box).toHaveAccessibleDescription(/^(1 cliente potencial|\d+ clientes potenciales)$/);
  },
};

/**
 * An Arabic host page, texts 40 % longer: the unread badge sits after the toggle's track on the
 * left, each status's badge at the inline end of its row (the left).
 */
export const CountsRightToLeft: Story = {
  parameters: { locale: 'pseudo-rtl' },
  play: async ({ canvasElement }) => {
    const { root, canvas } = await shadowOf(canvasElement);
    await expect(await canvas.findByRole('link', { name: pseudoLocalize('View Call Log') })).toBeVisible();
    await waitFor(() => expect(root.querySelector('.lk-count:not([data-pending])')).toBeVisible());
    const track = root.querySelector('.lk-filters__header .lk-switch__track') as HTMLElement;
    const badge = root.querySelector('.lk-count') as HTMLElement;
    await expect(badge.getBoundingClientRect().right).toBeLessThanOrEqual(track.getBoundingClientRect().left);
    await unfoldFilters(canvas);
    await userEvent.click(canvas.getByRole('button', { name: new RegExp(`^${pseudoLocalize('Lead status')}`) }));
    const option = root.querySelector('.lk-multi-select__option') as HTMLElement;
    const optionBadge = option.querySelector('.lk-multi-select__badge') as HTMLElement;
    const label = option.querySelector('.lk-multi-select__option-label') as HTMLElement;
    await waitFor(() => expect(optionBadge).not.toHaveAttribute('data-pending'));
    await expect(optionBadge.getBoundingClientRect().right).toBeLessThanOrEqual(label.getBoundingClientRect().left);
  },
};

/**
 * A 390 px phone: the quick filters, their counts and 'Show All Filters' in the header, nothing cut;
 * the count arriving moves nothing (its slot was kept).
 */
export const CountsPhone: Story = {
  render: phone,
  parameters: sandbox({ fault: { latency: 800, route: COUNTS_ROUTE } }),
  play: async ({ canvasElement }) => {
    const { root, canvas } = await shownBoard(canvasElement);
    const header = root.querySelector('.lk-filters__header') as HTMLElement;
    const toggle = canvas.getByRole('button', { name: 'Show All Filters' });
    const before = toggle.getBoundingClientRect();
    const place = (rect: DOMRect) => [Math.round(rect.left), Math.round(rect.top), Math.round(rect.width)];
    const panel = root.querySelector('.lk-filters') as HTMLElement;
    const panelHeight = panel.getBoundingClientRect().height;
    await waitFor(() => expect(root.querySelector('.lk-count:not([data-pending])')).toBeVisible());
    // Nothing moved when the count came.
    await expect(place(toggle.getBoundingClientRect())).toEqual(place(before));
    await expect(panel.getBoundingClientRect().height).toBe(panelHeight);
    // Nothing is cut: the header holds its content.
    await expect(header.scrollWidth).toBeLessThanOrEqual(header.clientWidth);
    const badge = (root.querySelector('.lk-count') as HTMLElement).getBoundingClientRect();
    await expect(inlineBefore(badge, before, header)).toBe(true);
  },
};

/**
 * Answer first (docs/widgets/lead-board.md#answer-first): 'Not answered yet' beside 'Show Unread
 * Messages', with the count of New leads under the other filters. On, the list holds them alone
 * (the status filter holds New); the count stays what it said.
 */
export const NotAnsweredYet: Story = {
  play: async ({ canvasElement }) => {
    const { root, canvas } = await shownBoard(canvasElement, { unfold: true });
    const toggle = canvas.getByRole('switch', { name: 'Not answered yet' });
    await waitFor(() => expect(toggle).toHaveAccessibleDescription(textPattern('filters.notAnsweredCount')));
    const count = describedCount(root, toggle);
    await expect(count).toBeGreaterThan(0);
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await expect(await canvas.findByText(`Showing 1 - ${Math.min(count, 10)} of ${count} results`)).toBeVisible();
    await expect(canvas.getByRole('button', { name: `${text('filters.status')} ${text('filters.selectedCount', { count: 1 })}` })).toBeVisible();
    await expect(toggle).toHaveAccessibleDescription(text('filters.notAnsweredCount', { count }));
  },
};

/** A 390 px phone in es-US: 'Mostrar mensajes no leídos' over 'Sin responder', each with its count, beside 'Mostrar todos los filtros'; nothing cut. */
export const NotAnsweredYetPhoneSpanish: Story = {
  render: phone,
  parameters: { locale: 'es-US' },
  play: async ({ canvasElement }) => {
    const { root, canvas } = await shownBoard(canvasElement, { count: `Mostrando 1 - 10 de ${ACTIVE_LEADS} resultados` });
    const unread = canvas.getByRole('switch', { name: 'Mostrar mensajes no leídos' });
    const notAnswered = canvas.getByRole('switch', { name: 'Sin responder' });
    await waitFor(() => expect(notAnswered).toHaveAccessibleDescription(/^\d+ sin responder$/));
    // One under the other.
    const [first, second] = [unread.getBoundingClientRect(), notAnswered.getBoundingClientRect()];
    await expect(second.top).toBeGreaterThanOrEqual(first.bottom);
    const header = root.querySelector('.lk-filters__header') as HTMLElement;
    await expect(header.scrollWidth).toBeLessThanOrEqual(header.clientWidth);
    const showAll = canvas.getByRole('button', { name: 'Mostrar todos los filtros' }).getBoundingClientRect();
    for (const badge of root.querySelectorAll<HTMLElement>('.lk-count')) await expect(inlineBefore(badge.getBoundingClientRect(), showAll, header)).toBe(true);
  },
};
