/**
 * A Next.js App Router page, as README tells a React team to write one: a server component that
 * calls the gateway itself with `createGatewayClient` from `leadkit` (no DOM on the server), and a
 * client component (`widgets.jsx`) rendering the widgets from `leadkit/react`. The sandbox origins
 * come from the page URL (`?gateway=…&second=…`), as for every other host.
 */
import { createGatewayClient, officeGateway } from 'leadkit';
import { Widgets } from './widgets';

export const dynamic = 'force-dynamic';

const SP_ID = 1001;

export default async function Page({ searchParams }) {
  const { gateway = '', second = '' } = await searchParams;
  const client = createGatewayClient({ baseURL: gateway, auth: { kind: 'provider', spId: SP_ID } });
  const info = await officeGateway.getServiceProviderInfo(client, SP_ID);
  return (
    <main>
      <h1>Next.js host</h1>
      <p id="server-component">{`Provider from a server component: ${info.serviceProviders[0]?.name}`}</p>
      <Widgets gateway={gateway} second={second} />
    </main>
  );
}
