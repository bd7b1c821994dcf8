import { HEADERS } from '../../../src/gateway/core/headers';
import { SANDBOX_LEADS } from './seed/named-leads';
import { SANDBOX_MEMBER_TOKEN } from './seed/members';
import { MAIN_PROVIDER_ID } from './seed/providers';

/** The sandbox's HTML home page (no React): its endpoints and how to call them. */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function indexPage(routes: readonly { method: string; path: string }[], origin: string): string {
  const gateway = routes
    .filter((r) => r.method !== 'ALL' && r.path.startsWith('/gateway/'))
    .map((r) => `<tr><td><code>${r.method}</code></td><td><code>${escapeHtml(r.path)}</code></td></tr>`)
    .join('\n');
  const sandbox = routes
    .filter((r) => r.method !== 'ALL' && r.path.startsWith('/sandbox/'))
    .map((r) => `<li><code>${r.method} ${escapeHtml(r.path)}</code></li>`)
    .join('\n');
  const o = escapeHtml(origin);
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>leadkit sandbox gateway</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:70rem;margin:2rem auto;padding:0 1rem;color:#1d2733}code,pre{font:13px ui-monospace,monospace}
pre{background:#f3f5f7;padding:.75rem;overflow:auto}table{border-collapse:collapse}td{padding:.15rem .75rem .15rem 0;border-bottom:1px solid #e3e7eb}</style></head>
<body><main>
<h1>leadkit sandbox gateway</h1>
<p>A seeded, in-memory stand-in for the marketplace gateway. Every path of <code>src/gateway/*/calls.ts</code> is served under <code>/gateway</code>.</p>
<h2>Headers</h2>
<p>Every gateway request needs <code>${HEADERS.callerType}</code> (<code>ServiceProvider</code> or <code>Member</code>), or it is answered 400.
Provider calls also need <code>${HEADERS.callerId}</code> equal to the provider id (the demo provider is <code>${MAIN_PROVIDER_ID}</code>, 'Acme Plumbing &amp; Heating').
Customer calls take a one-time token: <code>Authorization: OneTime ${SANDBOX_MEMBER_TOKEN}</code> (any other token is a 401).
Creating calls accept <code>${HEADERS.idempotencyKey}</code>.</p>
<pre>curl -s -X POST ${o}/gateway/lead/office/v6/leads/serviceProvider/${MAIN_PROVIDER_ID} \\
  -H 'Content-Type: application/json' -H '${HEADERS.callerType}: ServiceProvider' -H '${HEADERS.callerId}: ${MAIN_PROVIDER_ID}' \\
  -d '{"offset":0,"limit":5,"sort":"NewestOldest","filters":{"archived":false}}'

curl -s ${o}/gateway/lead/v1/lead/${SANDBOX_LEADS.newest} -H '${HEADERS.callerType}: Member' -H 'Authorization: OneTime ${SANDBOX_MEMBER_TOKEN}'</pre>
<h2>Useful seeded leads (provider ${MAIN_PROVIDER_ID})</h2>
<ul>${Object.entries(SANDBOX_LEADS)
    .map(([name, id]) => `<li><code>${id}</code> ${escapeHtml(name)}</li>`)
    .join('')}</ul>
<h2>Sandbox controls</h2>
<ul>${sandbox}</ul>
<p>Faults: <code>POST /sandbox/faults</code> with e.g. <code>{"kind":"status","status":500,"route":"POST /gateway/lead/v3/lead","times":1}</code>,
<code>{"kind":"latency","ms":800}</code>, <code>{"kind":"drop"}</code>, <code>{"kind":"challenge"}</code>, <code>{"kind":"captivePortal511"}</code>; <code>DELETE /sandbox/faults</code> clears them.</p>
<h2>Gateway endpoints</h2>
<table><tbody>
${gateway}
</tbody></table>
</main></body></html>`;
}
