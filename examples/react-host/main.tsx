/**
 * A React host: a lead page through `leadkit/react`, with objects as props and events as
 * callbacks. The "loaded" line is the host's own UI, outside the widget, driven by `onLoad`.
 */
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { LeadPage } from 'leadkit/react';
import './host.css';

// Objects keep their identity across renders (a new object each render would mean a new
// gateway client, and a new client reloads the lead).
const gateway = { baseURL: '' }; // same origin: `npm start` serves the sandbox gateway under /gateway
const auth = { kind: 'provider', spId: 1001 } as const;

const LEADS = [
  { id: 300002, label: 'Purchased lead (300002)' },
  { id: 300101, label: 'Unavailable lead (300101)' },
] as const;

type HostStatus = { kind: 'loading' } | { kind: 'loaded'; leadId: number } | { kind: 'error'; status: number | null };

function HostApp() {
  const [leadId, setLeadId] = useState<number>(LEADS[0].id);
  const [status, setStatus] = useState<HostStatus>({ kind: 'loading' });

  const choose = (id: number) => {
    if (id === leadId) return;
    setLeadId(id);
    setStatus({ kind: 'loading' });
  };

  return (
    <main className="host">
      <header className="host__header">
        <p className="host__brand">Acme Pro Dashboard</p>
        <h1>React host</h1>
        <p>
          This page is a React app that renders <code>&lt;LeadPage&gt;</code> from <code>leadkit/react</code>. The line below is the host&rsquo;s own UI,
          updated by the <code>onLoad</code> and <code>onError</code> callbacks. <a href="/">All examples</a>
        </p>
      </header>

      <div className="host__toolbar" role="group" aria-label="Lead to show">
        {LEADS.map((lead) => (
          <button key={lead.id} type="button" aria-pressed={lead.id === leadId} onClick={() => choose(lead.id)}>
            {lead.label}
          </button>
        ))}
      </div>

      <p className="host__status" role="status" data-testid="host-status" data-state={status.kind}>
        {status.kind === 'loaded' ? 'loaded' : status.kind === 'error' ? `error (HTTP ${status.status ?? 'none'})` : 'loading…'}
      </p>

      <LeadPage
        leadId={leadId}
        spId={auth.spId}
        gateway={gateway}
        auth={auth}
        onLoad={() => setStatus({ kind: 'loaded', leadId })}
        onError={(event) => setStatus({ kind: 'error', status: event.detail.status })}
      />
    </main>
  );
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <HostApp />
    </StrictMode>,
  );
}
