/**
 * A Next.js App Router page, as docs/embedding.md#nextjs-app-router writes one (README points
 * there): a server component that loads each widget's first screen with `loadFirstScreen` from
 * `leadkit`, forwarding the signed-in user's Cookie header to the gateway, and hands the client
 * component (`widgets.jsx`) that data and the gateway's origin (`gatewayUrl`), so the browser's
 * calls after hydration go to the same gateway. It also calls the gateway itself with
 * `createGatewayClient` (no DOM on the server). One difference from the recipe: the gateway's
 * origin comes from the page URL (`?gateway=…&second=…`, as for every other host), not from
 * NEXT_PUBLIC_GATEWAY_URL — the sandbox's port is known only once the app is built.
 */
import { cookies } from 'next/headers';
import { createGatewayClient, loadFirstScreen, officeGateway } from 'leadkit';
import { Widgets } from './widgets';

export const dynamic = 'force-dynamic';

const LEAD_ID = 300002; // a lead the sandbox provider 1001 has purchased

/** The host's sign-in: the signed-in provider (here always the sandbox's provider 1001). */
async function getSession() {
  return { spId: 1001 };
}

export default async function Page({ searchParams }) {
  const { gateway: gatewayUrl = '', second = '' } = await searchParams;
  if (!gatewayUrl) throw new Error('Give the gateway origin as ?gateway=…');
  const session = await getSession();
  // The signed-in user's Cookie header forwarded to the gateway (the recipe's cookie sign-in).
  const gateway = { baseURL: gatewayUrl, headers: { cookie: (await cookies()).toString() } };
  const client = createGatewayClient({ ...gateway, auth: { kind: 'provider', spId: session.spId } });
  const [info, board, leadPage] = await Promise.all([
    officeGateway.getServiceProviderInfo(client, session.spId),
    loadFirstScreen('lead-board', { attributes: { 'sp-id': session.spId }, gateway }),
    loadFirstScreen('lead-page', { attributes: { 'lead-id': LEAD_ID, 'sp-id': session.spId }, gateway }),
  ]);
  return (
    <main>
      <h1>Next.js host</h1>
      <p id="server-component">{`Provider from a server component: ${info.serviceProviders[0]?.name}`}</p>
      <Widgets spId={session.spId} leadId={LEAD_ID} gatewayUrl={gatewayUrl} secondGatewayUrl={second} firstScreens={{ board, leadPage }} />
    </main>
  );
}
