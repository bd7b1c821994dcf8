/**
 * A Preact host. @preact/preset-vite aliases react and react-dom to preact/compat, so the
 * widgets themselves run on Preact here (one runtime on the page). The tags are plain JSX:
 * Preact sets `gateway` as a property (the element defines it) and `onlk-…` adds listeners.
 */
import { render } from 'preact';
import { useState } from 'preact/hooks';
import 'leadkit/define';
import { createGatewayClient } from 'leadkit';
import { AUTH, FIRST_GATEWAY, LEAD_ID, SECOND_GATEWAY, SP_ID, onLoad, onNavigate, swapped } from '../shared/host.js';

function App() {
  const [gateway, setGateway] = useState(() => createGatewayClient({ baseURL: FIRST_GATEWAY, credentials: 'include', auth: AUTH }));
  const swapGateway = () => {
    setGateway(createGatewayClient({ baseURL: SECOND_GATEWAY, credentials: 'include', auth: AUTH }));
    swapped();
  };
  return (
    <main>
      <h1>Preact host</h1>
      <button type="button" onClick={swapGateway}>
        Use the second gateway
      </button>
      <lead-page lead-id={LEAD_ID} sp-id={SP_ID} gateway={gateway} onlk-load={onLoad} onlk-navigate={onNavigate} />
      <lead-board sp-id={SP_ID} gateway={gateway} onlk-load={onLoad} onlk-navigate={onNavigate} />
    </main>
  );
}

render(<App />, document.getElementById('app'));
