/**
 * A Next.js App Router page, as README tells a React team to write one: a server component that
 * calls the gateway itself with `createGatewayClient` from `leadkit` (no DOM on the server) and
 * loads the widgets' first screens with `loadFirstScreen` (the provider's auth from here, the
 * server — a real host takes it from its session), and a client component (`widgets.jsx`)
 * rendering the widgets from `leadkit/react` with that data: their first screens are in the
 * server's HTML. The sandbox origins come from the page URL (`?gateway=…&second=…`), as for every
 * other host.
 */
import { createGatewayClient, loadFirstScreen, officeGateway } from 'leadkit';
import { Widgets } from './widgets';

export const dynamic = 'force-dynamic';

const SP_ID = 1001;
const LEAD_ID = 300002; // a lead the sandbox provider 1001 has purchased

export default async function Page({ searchParams }) {
  const { gateway = '', second = '' } = await searchParams;
  const client = createGatewayClient({ baseURL: gateway, auth: { kind: 'provider', spId: SP_ID } });
  const [info, board, leadPage] = await Promise.all([
    officeGateway.getServiceProviderInfo(client, SP_ID),
    loadFirstScreen('lead-board', { attributes: { 'sp-id': SP_ID }, gateway: { baseURL: gateway } }),
    loadFirstScreen('lead-page', { attributes: { 'lead-id': LEAD_ID, 'sp-id': SP_ID }, gateway: { baseURL: gateway } }),
  ]);
  return (
    <main>
      <h1>Next.js host</h1>
      <p id="server-component">{`Provider from a server component: ${info.serviceProviders[0]?.name}`}</p>
      <Widgets gateway={gateway} second={second} firstScreens={{ board, leadPage }} />
    </main>
  );
}
