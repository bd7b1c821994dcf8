import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { renderWidget } from '../../../test/helpers/render-widget';
import { loadLocalePack } from '../../i18n/locale';
import { LeadBoardRoot } from './lead-board';
import { LEAD_BOARD_CATALOGUE } from './lead-board-messages';
import { FIRST_PAGE_TIMEOUT_MS, preloadBoardParts } from '../../../test/support/lead-board';

afterEach(cleanup);
// The lazy parts and the Spanish chunk, loaded before the clock of any test starts.
beforeAll(async () => {
  await Promise.all([preloadBoardParts(), loadLocalePack('es-US')]);
});

describe('<LeadBoardRoot> in es-US', () => {
  it('shows its texts in Spanish, the count with its plural and the card dates day first, lazy parts included', async () => {
    // The sandbox's leads and the widget's clock at noon: the newest lead came at 11:24 (the sandbox's seed).
    const noon = () => new Date(2026, 10, 26, 12, 0);
    renderWidget(<LeadBoardRoot spId={1001} />, LEAD_BOARD_CATALOGUE, { inputs: { locale: 'es-MX', now: noon }, sandbox: { now: noon } });
    expect(await screen.findByText(/^Mostrando 1 - 10 de \d+ resultados$/, undefined, { timeout: FIRST_PAGE_TIMEOUT_MS })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Clientes potenciales de Acme Plumbing & Heating' })).toBeTruthy();
    const [card, second] = screen.getAllByRole('listitem').filter((item) => item.hasAttribute('data-lead-id'));
    // The newest lead waits for a first answer: its date day first, its age beside it and the cue, in Spanish; the full date in its tooltip.
    expect(card!.querySelector('time')?.textContent).toBe('26/11/2026 11:24 a.m.');
    expect(within(card!).getByText('hace 36 min')).toBeTruthy();
    expect(within(card!).getByText('Responda primero')).toBeTruthy();
    const created = second!.querySelector('time')!;
    expect(created.textContent).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} [ap]\.m\.$/);
    expect(created.getAttribute('title')).toMatch(/^(lunes|martes|miércoles|jueves|viernes|sábado|domingo), \d{1,2} de [a-z]+ de \d{4}, /);
    expect(card!.querySelector('time')?.getAttribute('title')).toMatch(
      /^(lunes|martes|miércoles|jueves|viernes|sábado|domingo), 26 de noviembre de 2026, 11:24/,
    );
    // The open card's body (a lazy part with its own texts) is Spanish too.
    expect(await within(card!).findByRole('button', { name: 'Más acciones' }, { timeout: FIRST_PAGE_TIMEOUT_MS })).toBeTruthy();
    expect(await screen.findByRole('combobox', { name: 'Nombre del cliente' }, { timeout: FIRST_PAGE_TIMEOUT_MS })).toBeTruthy();
    expect(screen.queryByText(/^Showing/)).toBeNull();
  });

  it('keeps a host override over the Spanish text', async () => {
    const routes = { callLog: ({ serviceProviderId }: { serviceProviderId: number }) => `/office/${serviceProviderId}/calls` };
    renderWidget(<LeadBoardRoot spId={1001} />, LEAD_BOARD_CATALOGUE, { inputs: { locale: 'es-US', messages: { 'board.viewCallLog': 'Llamadas' }, routes } });
    expect(await screen.findByRole('link', { name: 'Llamadas' }, { timeout: FIRST_PAGE_TIMEOUT_MS })).toBeTruthy();
  });
});
