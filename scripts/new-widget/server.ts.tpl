import type { WidgetServer } from '../../runtime/widget-server';

/**
 * `<__name__>` off the browser (runtime/widget-server.ts, docs/widget-shape.md): the gateway calls
 * its first screen makes first (`firstCalls`: the CDN loader sends them beside the code, a
 * server loads them), what a server render may carry (`answer`, `withholds`) and the values it
 * shows (`value`). None yet: its first screen asks the gateway nothing. Bound to its tag in
 * src/server/server-widgets.ts when it gets one; no code a browser runs imports it.
 */
export const __camel__Server: WidgetServer = {};
