'use client';
/**
 * The client half: `LeadPage` and `LeadBoard` from `leadkit/react` with the gateway client as a
 * prop, the host's handlers as `onLoad` / `onNavigate` (what they saw goes to `window.hostLog`,
 * which run.ts reads) and the first screens the server component loaded as `firstScreen`. This
 * component also renders on the server (Next.js renders client components there too): there the
 * widgets come with their first screens as declarative shadow DOM, which they hydrate here.
 */
import { useState } from 'react';
import { createGatewayClient } from 'leadkit';
import { LeadBoard, LeadPage } from 'leadkit/react';

const SP_ID = 1001;
const LEAD_ID = 300002; // a lead the sandbox provider 1001 has purchased
const AUTH = { kind: 'provider', spId: SP_ID };

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

export function Widgets({ gateway: firstUrl, second, firstScreens }) {
  const [gateway, setGateway] = useState(() => createGatewayClient({ baseURL: firstUrl, auth: AUTH }));
  const swap = () => {
    setGateway(createGatewayClient({ baseURL: second, auth: AUTH }));
    hostLog().swaps += 1;
  };
  return (
    <>
      <button type="button" onClick={swap}>
        Use the second gateway
      </button>
      <LeadPage leadId={LEAD_ID} spId={SP_ID} gateway={gateway} onLoad={onLoad} onNavigate={onNavigate} firstScreen={firstScreens.leadPage} />
      <LeadBoard spId={SP_ID} gateway={gateway} onLoad={onLoad} onNavigate={onNavigate} firstScreen={firstScreens.board} />
    </>
  );
}
