/**
 * A React 19 host through `leadkit/react`: components with objects as props and events as
 * `on…` callbacks. The client is made once (state), so re-renders keep it; the button swaps it.
 */
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createGatewayClient } from 'leadkit';
import { LeadBoard, LeadPage } from 'leadkit/react';
import { AUTH, FIRST_GATEWAY, LEAD_ID, SECOND_GATEWAY, SP_ID, onLoad, onNavigate, swapped } from '../shared/host.js';

function App() {
  const [gateway, setGateway] = useState(() => createGatewayClient({ baseURL: FIRST_GATEWAY, credentials: 'include', auth: AUTH }));
  const swapGateway = () => {
    setGateway(createGatewayClient({ baseURL: SECOND_GATEWAY, credentials: 'include', auth: AUTH }));
    swapped();
  };
  return (
    <main>
      <h1>React 19 host</h1>
      <button type="button" onClick={swapGateway}>
        Use the second gateway
      </button>
      <LeadPage leadId={LEAD_ID} spId={SP_ID} gateway={gateway} onLoad={onLoad} onNavigate={onNavigate} />
      <LeadBoard spId={SP_ID} gateway={gateway} onLoad={onLoad} onNavigate={onNavigate} />
    </main>
  );
}

createRoot(document.getElementById('app')).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
