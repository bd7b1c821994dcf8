/**
 * What the built host fixtures share (the CDN page inlines the same few lines): where the
 * sandbox gateway is — read from the page URL, since run.ts starts it on ports of its own, a
 * different origin from this page — and `window.hostLog`, what the host's OWN event handlers
 * saw, which run.ts reads. Widgets are wired to these handlers the way each framework does it.
 * The JSDoc types are for the TypeScript host (Angular: `allowJs`, and strictTemplates checks a
 * template's `$event` against them); the others ignore them.
 */
const params = new URLSearchParams(location.search);

/** The sandbox origin every widget starts with. */
export const FIRST_GATEWAY = params.get('gateway') ?? '';
/** The origin the "Use the second gateway" button swaps to (the same sandbox behind another port). */
export const SECOND_GATEWAY = params.get('second') ?? '';

export const LEAD_ID = 300002; // a lead the sandbox provider 1001 has purchased
export const SP_ID = 1001;
/** @type {import('leadkit').GatewayAuth} */
export const AUTH = { kind: 'provider', spId: SP_ID };

const log = { loads: [], navigations: [], swaps: 0 };
window.hostLog = log;

/**
 * The host's `lk-load` handler.
 * @param {import('leadkit').LeadkitEvent<'lk-load'>} event
 */
export function onLoad(event) {
  log.loads.push(event.detail.widget);
}

/**
 * The host's `lk-navigate` handler: a host router takes over, so the browser must not follow the link.
 * @param {import('leadkit').LeadkitEvent<'lk-navigate'>} event
 */
export function onNavigate(event) {
  event.preventDefault();
  log.navigations.push({ url: event.detail.url, kind: event.detail.kind, cancelable: event.cancelable, prevented: event.defaultPrevented });
}

/** Call when the host swapped the `gateway` property of both widgets. */
export function swapped() {
  log.swaps += 1;
}
