// Types of site-routes.js for the TypeScript that imports it (scripts/server-pages.ts, stories/support).
import type { Flags, RouteBuilders } from '../src/index';

export declare const SITE_ROUTES: Readonly<
  Pick<RouteBuilders, 'officeInbox' | 'callLog' | 'connectedNumbers' | 'editServiceArea' | 'servicesOffered' | 'logIn'>
>;
export declare function siteFlags(spId: string | number): Flags;
export declare function providerInAddress(pathname: string, search: string): string;
