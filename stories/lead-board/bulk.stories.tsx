import type { Meta, StoryContext, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { localized } from '../support/story-text';
import { LeadBoard, type LeadBoardProps } from '../../src/react';
import { pseudoLocalize } from '../support/story-locale';
import { shadowOf, within } from '../support/queries';
import { sandboxOf, type SandboxParameters } from '../support/sandbox';
import { elementFrame } from '../support/element-frame';
import { board, boardLoaders, phoneBoard, settled, showing, unfoldFilters } from './board';
import { NO_FAULT } from '../support/pinned';

/**
 * Bulk actions on <LeadBoard>: a checkbox per card (shift-click for a range), the
 * toolbar that lies over the list's header row while leads are selected ('Select all on this
 * page', 'N selected', Archive or Restore, Mark as read, Mark as unread, Clear selection), and
 * the one message an action ends with. Against the story's sandbox (provider 1001: 56 active
 * leads, 6 archived); the play functions assert what a user sees and what the sandbox received.
 */
const ARCHIVE_ROUTE = 'POST /gateway/lead/office/v1/leads/serviceprovider/:id/archive';
const ARCHIVE_PATH = '/gateway/lead/office/v1/leads/serviceprovider/1001/archive';
const sandbox = (parameters: SandboxParameters) => ({ sandbox: parameters });

const meta = {
  title: 'Elements/<lead-board>/Bulk actions',
  globals: NO_FAULT,
  component: LeadBoard,
  args: { spId: 1001 },
  render: board,
  loaders: boardLoaders,
  parameters: { a11y: { test: 'error' } },
} satisfies Meta<LeadBoardProps>;

export default meta;
type Story = StoryObj<typeof meta>;

const cards = (root: ShadowRoot) => [...root.querySelectorAll<HTMLElement>('li[data-lead-id]')];
const checkbox = (card: HTMLElement) => card.querySelector<HTMLInputElement>('.lk-card__select input') as HTMLInputElement;
/** The first card's top within the board (the page may scroll as checkboxes are clicked; the board must not move inside). */
const firstCardOffset = (root: ShadowRoot) =>
  (cards(root)[0] as HTMLElement).getBoundingClientRect().top - (root.querySelector('.lk-board') as HTMLElement).getBoundingClientRect().top;
const checkedIds = (root: ShadowRoot) =>
  cards(root)
    .filter((card) => checkbox(card).checked)
    .map((card) => Number(card.dataset.leadId));

/** The board with its first page and filter controls on screen, the list no longer refreshing. */
async function shownBoard(canvasElement: HTMLElement) {
  const frame = await shadowOf(canvasElement);
  await frame.canvas.findByText(/^(Showing|Mostrando|Šĥöŵíñğ)/);
  await waitFor(() => expect(frame.root.querySelector('.lk-filters__panel--loading')).toBeNull());
  await settled(frame.root);
  return frame;
}

/** Selects cards 2–4 as a pro would: a click, then a shift-click. */
async function selectThree(root: ShadowRoot) {
  const user = userEvent.setup();
  await user.click(checkbox(cards(root)[1] as HTMLElement));
  await user.keyboard('{Shift>}');
  await user.click(checkbox(cards(root)[3] as HTMLElement));
  await user.keyboard('{/Shift}');
  return user;
}

const toolbar = (canvas: ReturnType<typeof within>, name = 'Selected leads') => canvas.findByRole('group', { name });

function archiveCalls(context: StoryContext) {
  return sandboxOf(context).gateway.store.requests.filter((request) => request.method === 'POST' && request.path === ARCHIVE_PATH);
}

/** Three leads selected with a click and a shift-click: the toolbar over the header row, nothing below it moved. */
export const Selection: Story = {
  play: async ({ canvasElement }) => {
    const { root, canvas } = await shownBoard(canvasElement);
    const firstTop = firstCardOffset(root);
    await selectThree(root);
    const bar = await toolbar(canvas);
    await expect(within(bar).getByText('3 selected')).toBeVisible();
    await expect(checkedIds(root)).toEqual(
      cards(root)
        .slice(1, 4)
        .map((card) => Number(card.dataset.leadId)),
    );
    const all = within(bar).getByRole('checkbox', { name: 'Select all on this page' }) as HTMLInputElement;
    await expect(all.indeterminate).toBe(true);
    for (const name of ['Archive', 'Mark as read', 'Mark as unread', 'Clear selection']) await expect(within(bar).getByRole('button', { name })).toBeVisible();
    // The count and sort are under the toolbar, hidden; the first card has not moved.
    await expect(canvas.queryByText(showing())).not.toBeVisible();
    await expect(firstCardOffset(root)).toBe(firstTop);
  },
};

/** 'Select all on this page' checked: every card selected, the count says ten. */
export const AllOnPageSelected: Story = {
  play: async ({ canvasElement }) => {
    const { root, canvas } = await shownBoard(canvasElement);
    await userEvent.click(checkbox(cards(root)[0] as HTMLElement));
    const bar = await toolbar(canvas);
    await userEvent.click(within(bar).getByRole('checkbox', { name: 'Select all on this page' }));
    await expect(within(bar).getByText('10 selected')).toBeVisible();
    await expect(checkedIds(root)).toHaveLength(10);
  },
};

/** The archived view: the toolbar restores ('Restore') instead of archiving. */
export const ArchivedViewToolbar: Story = {
  play: async ({ canvasElement }) => {
    const { root, canvas } = await shownBoard(canvasElement);
    await unfoldFilters(canvas);
    await userEvent.click(canvas.getByRole('switch', { name: 'Archived leads' }));
    await canvas.findAllByRole('button', { name: 'Move to Active Leads' });
    await settled(root);
    await userEvent.click(checkbox(cards(root)[0] as HTMLElement));
    const bar = await toolbar(canvas);
    await expect(within(bar).getByRole('button', { name: 'Restore' })).toBeVisible();
    await expect(within(bar).queryByRole('button', { name: 'Archive' })).toBeNull();
  },
};

/** Three leads archived: they leave the list at once, one polite message says so, the toolbar goes and the count has the focus. */
export const ArchivedSummary: Story = {
  play: async (context) => {
    const { root, canvas } = await shownBoard(context.canvasElement);
    await selectThree(root);
    const bar = await toolbar(canvas);
    await userEvent.click(within(bar).getByRole('button', { name: 'Archive' }));
    const message = await canvas.findByText('3 leads archived');
    await expect(message.closest('[role="status"]')).not.toBeNull();
    await expect(archiveCalls(context).map((request) => request.status)).toEqual([200, 200, 200]);
    await waitFor(() => expect(canvas.queryByRole('group', { name: 'Selected leads' })).toBeNull());
    await waitFor(() => expect(root.activeElement?.textContent).toMatch(showing()));
    await settled(root);
  },
};

/**
 * One of three archive calls fails (500): the two others leave the list, the failed lead is back
 * and still selected, and ONE alert says what happened (not one error per lead).
 */
export const PartialFailure: Story = {
  parameters: sandbox({ fault: { status: 500, route: ARCHIVE_ROUTE, times: 1 } }),
  play: async (context) => {
    const { root, canvas } = await shownBoard(context.canvasElement);
    await selectThree(root);
    const bar = await toolbar(canvas);
    await userEvent.click(within(bar).getByRole('button', { name: 'Archive' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(localized("2 of 3 leads archived. 1 couldn't be archived. Try again."));
    await expect(canvas.getAllByRole('alert')).toHaveLength(1);
    const failed = archiveCalls(context).find((request) => request.status === 500)?.body as { leadId: number };
    await waitFor(() => expect(checkedIds(root)).toEqual([failed.leadId]));
    await expect(within(await toolbar(canvas)).getByText('1 selected')).toBeVisible();
    await settled(root);
  },
};

/** A 390 px phone: the toolbar's two rows (selection and Clear; the three actions, 44 px tall) fit the header row; nothing moves. */
export const Phone: Story = {
  render: phoneBoard,
  play: async ({ canvasElement }) => {
    const { root, canvas } = await shownBoard(canvasElement);
    const firstTop = firstCardOffset(root);
    const box = (cards(root)[1] as HTMLElement).querySelector('.lk-card__select') as HTMLElement;
    await expect([box.getBoundingClientRect().width, box.getBoundingClientRect().height]).toEqual([44, 44]);
    await selectThree(root);
    const bar = await toolbar(canvas);
    const header = root.querySelector('.lk-board__list-header') as HTMLElement;
    for (const control of [...within(bar).getAllByRole('button'), within(bar).getByRole('checkbox')]) {
      await expect(control.getBoundingClientRect().bottom).toBeLessThanOrEqual(header.getBoundingClientRect().bottom + 0.5);
      await expect(control.getBoundingClientRect().top).toBeGreaterThanOrEqual(header.getBoundingClientRect().top - 0.5);
    }
    await expect(bar.scrollWidth).toBeLessThanOrEqual(bar.clientWidth);
    for (const button of within(bar).getAllByRole('button')) await expect(button.getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
    await expect(firstCardOffset(root)).toBe(firstTop);
  },
};

/** The board's widths the toolbar is checked at: a tablet's column down to a 320 px phone (two rows at ≤ 720 px, bulk.css). */
const WIDTHS = [800, 720, 600, 480, 390, 320] as const;
const TWO_ROWS_UP_TO = 720;
/** The board on a 320 px phone (the narrowest the widgets are made for), resized by the play function. */
const narrowPhoneBoard = elementFrame('lead-board', { width: 320 });

/** The board `width` px wide, as a host's column would make it (its layout follows its own width), laid out again. */
async function resize(root: ShadowRoot, width: number) {
  (root.host as HTMLElement).style.width = `${width}px`;
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
}

/**
 * At every width in WIDTHS the toolbar lies within the list's header row and moves nothing: each
 * control inside the row, none over another, each label whole in its box (wrapped, never cut or
 * spilling), 44 px targets where the toolbar is two rows; the first card where it was before the
 * selection. Ends at a 320 px phone.
 */
async function fitsEveryWidth(root: ShadowRoot, canvas: ReturnType<typeof within>) {
  const offsets = new Map<number, number>();
  for (const width of WIDTHS) {
    await resize(root, width);
    offsets.set(width, firstCardOffset(root));
  }
  await selectThree(root);
  const bar = await toolbar(canvas);
  const header = root.querySelector('.lk-board__list-header') as HTMLElement;
  const problems: string[] = [];
  for (const width of WIDTHS) {
    await resize(root, width);
    const row = header.getBoundingClientRect();
    const buttons = within(bar).getAllByRole('button');
    const controls = [...buttons, within(bar).getByRole('checkbox'), within(bar).getByText(/\d/)];
    const boxes = controls.map((control) => ({
      name: control.textContent || control.getAttribute('aria-label'),
      box: (control.closest('label') ?? control).getBoundingClientRect(),
    }));
    for (const { name, box } of boxes) {
      if (box.top < row.top - 0.5 || box.bottom > row.bottom + 0.5)
        problems.push(`${width} px: '${name}' ${box.top}–${box.bottom} outside the header row ${row.top}–${row.bottom}`);
      for (const other of boxes) {
        const { box: b } = other;
        if (other.name !== name && box.left < b.right - 0.5 && b.left < box.right - 0.5 && box.top < b.bottom - 0.5 && b.top < box.bottom - 0.5)
          problems.push(`${width} px: '${name}' over '${other.name}'`);
      }
    }
    if (bar.scrollWidth > bar.clientWidth) problems.push(`${width} px: the toolbar scrolls sideways`);
    for (const button of buttons) {
      if (button.scrollWidth > button.clientWidth || button.scrollHeight > button.clientHeight) problems.push(`${width} px: '${button.textContent}' cut`);
      if (width <= TWO_ROWS_UP_TO && button.getBoundingClientRect().height < 44) problems.push(`${width} px: '${button.textContent}' under 44 px tall`);
    }
    if (firstCardOffset(root) !== offsets.get(width)) problems.push(`${width} px: the first card moved`);
  }
  await expect(problems).toEqual([]);
}

/**
 * From a tablet's column down to a 320 px phone: the toolbar fits the header row — one row on a
 * wide board; two rows of 44 px targets on a narrower one, over a header row of two rows too.
 */
export const FitsEveryWidth: Story = {
  render: narrowPhoneBoard,
  play: async ({ canvasElement }) => {
    const { root, canvas } = await shownBoard(canvasElement);
    await fitsEveryWidth(root, canvas);
  },
};

/** The same in Spanish, whose longer labels take two lines ('Marcar como / no leído') and stay whole. */
export const FitsEveryWidthInSpanish: Story = {
  render: narrowPhoneBoard,
  parameters: { locale: 'es-US' },
  play: FitsEveryWidth.play,
};

/** The same with 40 % longer texts on a right-to-left page. */
export const FitsEveryWidthLongTexts: Story = {
  render: narrowPhoneBoard,
  parameters: { locale: 'pseudo-rtl' },
  play: FitsEveryWidth.play,
};

/** es-US: the toolbar and the partial-failure message in Spanish (plural counts). */
export const InSpanish: Story = {
  parameters: { locale: 'es-US', ...sandbox({ fault: { status: 500, route: ARCHIVE_ROUTE, times: 1 } }) },
  play: async ({ canvasElement }) => {
    const { root, canvas } = await shownBoard(canvasElement);
    await expect(checkbox(cards(root)[0] as HTMLElement).getAttribute('aria-label')).toMatch(/^Seleccionar el cliente potencial de /);
    await selectThree(root);
    const bar = await toolbar(canvas, 'Clientes potenciales seleccionados');
    await expect(within(bar).getByText('3 seleccionados')).toBeVisible();
    await expect(within(bar).getByRole('checkbox', { name: 'Seleccionar todos en esta página' })).toBeVisible();
    await userEvent.click(within(bar).getByRole('button', { name: 'Archivar' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(localized('Se archivaron 2 de 3 clientes potenciales. 1 no se pudo archivar. Inténtelo de nuevo.'));
    await expect(within(await toolbar(canvas, 'Clientes potenciales seleccionados')).getByText('1 seleccionado')).toBeVisible();
    await settled(root);
  },
};

/** An Arabic host page (right to left) with 40 % longer texts: the checkboxes and the toolbar mirror. */
export const RightToLeftLongTexts: Story = {
  parameters: { locale: 'pseudo-rtl' },
  play: async ({ canvasElement }) => {
    const { root, canvas } = await shownBoard(canvasElement);
    const first = cards(root)[0] as HTMLElement;
    // The checkbox is at the card's start: its right edge.
    const cardBox = first.getBoundingClientRect();
    const boxRect = (first.querySelector('.lk-card__select') as HTMLElement).getBoundingClientRect();
    await expect(cardBox.right - boxRect.right).toBeLessThan(cardBox.width / 4);
    await selectThree(root);
    const bar = await toolbar(canvas, pseudoLocalize('Selected leads'));
    const all = within(bar).getByRole('checkbox', { name: pseudoLocalize('Select all on this page') });
    await expect(getComputedStyle(bar).direction).toBe('rtl');
    await expect(all.getBoundingClientRect().right).toBeGreaterThan(bar.getBoundingClientRect().right - 60);
    await expect(within(bar).getByRole('button', { name: pseudoLocalize('Archive') })).toBeVisible();
  },
};
