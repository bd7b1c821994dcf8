'use client';
/**
 * The client half, as the recipe's `board.tsx`: `LeadPage` and `LeadBoard` from `leadkit/react`
 * with a client of the gateway origin the server component gave (`gatewayUrl`), created once with
 * `credentials: 'include'` (the page's session cookie goes to the gateway on its own origin), the
 * host's handlers as `onLoad` / `onNavigate` (what they saw goes to `window.hostLog`, which run.ts
 * reads) and the first screens the server component loaded as `firstScreen`. This component also
 * renders on the server (Next.js renders client components there too): there the widgets come
 * with their first screens as declarative shadow DOM, which they hydrate here.
 */
import { useState } from 'react';
import { createGatewayClient } from 'leadkit';
import { LeadBoard, LeadPage } from 'leadkit/react';

const clientOf = (gatewayUrl, spId) => createGatewayClient({ baseURL: gatewayUrl, credentials: 'include', auth: { kind: 'provider', spId } });

function hostLog() {
  window.hostLog ??= { loads: [], navigations: [], swaps: 0 };
  return window.hostLog;
}

function onLoad(event) {
  hostLog().loads.push(event.detail.widget);
}

/** A host router takes over: the browser must not follow the link. */
function onNavigate(event) {
  event.preventDefault();
  hostLog().navigations.push({ url: event.detail.url, kind: event.detail.kind, cancelable: event.cancelable, prevented: event.defaultPrevented });
}

export function Widgets({ spId, leadId, gatewayUrl, secondGatewayUrl, firstScreens }) {
  const [gateway, setGateway] = useState(() => clientOf(gatewayUrl, spId));
  const swap = () => {
    setGateway(clientOf(secondGatewayUrl, spId));
    hostLog().swaps += 1;
  };
  return (
    <>
      <button type="button" onClick={swap}>
        Use the second gateway
      </button>
      <LeadPage leadId={leadId} spId={spId} gateway={gateway} onLoad={onLoad} onNavigate={onNavigate} firstScreen={firstScreens.leadPage} />
      <LeadBoard spId={spId} gateway={gateway} onLoad={onLoad} onNavigate={onNavigate} firstScreen={firstScreens.board} />
    </>
  );
}
