import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { renderWidget } from '../../../test/helpers/render-widget';
import { loadLocalePack } from '../../i18n/locale';
import { LeadBoard } from './lead-board';
import { LEAD_BOARD_CATALOGUE } from './lead-board-messages';
import { FIRST_PAGE_TIMEOUT_MS, preloadBoardParts } from '../../../test/support/lead-board';

afterEach(cleanup);
// The lazy parts and the Spanish chunk, loaded before the clock of any test starts.
beforeAll(async () => {
  await Promise.all([preloadBoardParts(), loadLocalePack('es-US')]);
});

describe('<LeadBoard> in es-US', () => {
  it('shows its texts in Spanish, the count with its plural and the card dates day first, lazy parts included', async () => {
    renderWidget(<LeadBoard spId={1001} />, LEAD_BOARD_CATALOGUE, { inputs: { locale: 'es-MX' } });
    expect(await screen.findByText(/^Mostrando 1 - 10 de \d+ resultados$/, undefined, { timeout: FIRST_PAGE_TIMEOUT_MS })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Clientes potenciales de Acme Plumbing & Heating' })).toBeTruthy();
    const card = screen.getAllByRole('listitem').find((item) => item.hasAttribute('data-lead-id'))!;
    const created = card.querySelector('time')!;
    expect(created.textContent).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} [ap]\.m\.$/);
    expect(created.getAttribute('title')).toMatch(/^(lunes|martes|miércoles|jueves|viernes|sábado|domingo), \d{1,2} de [a-z]+ de \d{4}, /);
    // The open card's body (a lazy part with its own texts) is Spanish too.
    expect(await within(card).findByRole('button', { name: 'Más acciones' }, { timeout: FIRST_PAGE_TIMEOUT_MS })).toBeTruthy();
    expect(await screen.findByRole('combobox', { name: 'Nombre del cliente' }, { timeout: FIRST_PAGE_TIMEOUT_MS })).toBeTruthy();
    expect(screen.queryByText(/^Showing/)).toBeNull();
  });

  it('keeps a host override over the Spanish text', async () => {
    const routes = { callLog: ({ serviceProviderId }: { serviceProviderId: number }) => `/office/${serviceProviderId}/calls` };
    renderWidget(<LeadBoard spId={1001} />, LEAD_BOARD_CATALOGUE, { inputs: { locale: 'es-US', messages: { 'board.viewCallLog': 'Llamadas' }, routes } });
    expect(await screen.findByRole('link', { name: 'Llamadas' }, { timeout: FIRST_PAGE_TIMEOUT_MS })).toBeTruthy();
  });
});
