import type { ChatReader } from '../chat/chat-reader';
import type { AttributeValues } from '../contract/first-screen-data';
import type { GatewayClient } from '../gateway/core/client';
import type { ServerAnswer } from '../gateway/server-answers';

/**
 * The half of a widget's descriptor that never runs in a browser: `src/widgets/<name>/<name>.server.ts`,
 * beside `<name>.widget.ts` (docs/widget-shape.md). The server layer (src/server/) reads it to
 * load and render a first screen, the CDN build reads its first calls to make the loader's
 * recipes (src/cdn/first-call-recipes.ts); no browser entry imports it (eslint/layers.js).
 */
export interface WidgetServer {
  /** The gateway calls the widget's first screen makes first, from its element's attributes. */
  readonly firstCalls?: FirstCalls;
  /** `<lead-app>`: its routes whose widget (lead-app-routes.ts `ROUTE_WIDGETS`) makes first calls, and where that widget's ids come from in the URL. */
  readonly routes?: Readonly<Record<string, RouteFirstCalls>>;
  /**
   * A gateway answer of the first screen as the page may carry it: null not at all, else the
   * answer (changed: the customers' contact details left out). Absent: every answer as it came.
   */
  readonly answer?: (answer: ServerAnswer) => ServerAnswer | null;
  /** The calls a server render never makes (their data is not on the first screen, and is the customer's own): the browser asks. */
  readonly withholds?: (path: string) => boolean;
  /**
   * A first-screen value (gateway/server-answers.ts `firstScreenValue`): what the first screen
   * shows that the browser would otherwise ask for after its first render — null when none.
   */
  readonly value?: (input: FirstScreenValueInput) => Promise<ServerAnswer | null>;
}

export interface FirstCalls {
  /**
   * Where each id comes from: `sp-id` an attribute of the tag, `:serviceProviderId` a segment
   * of the route, `?leadId` a query parameter of the page's URL. Each must be a whole number
   * (contract/parse-attribute.ts `WHOLE_NUMBER`, as for a number attribute).
   */
  readonly ids: readonly string[];
  /** Attributes (or `?query` parameters) that change the first calls: with one present nothing is sent early. */
  readonly unless: readonly string[];
  readonly send: (client: GatewayClient, ids: readonly number[]) => readonly Promise<unknown>[];
}

/** A `<lead-app>` route's first calls: those of the widget it shows, with the ids from the URL. */
export type RouteFirstCalls = Pick<FirstCalls, 'ids' | 'unless'>;

/** What a widget's first-screen value is read with. */
interface FirstScreenValueInput {
  /** The host's gateway config (its `getChatToken`), sending as the host's server; nothing it sends is recorded. */
  readonly client: GatewayClient;
  /** The element's attributes as the host wrote them (`<lead-app>`'s for its route's widget). */
  readonly attributes: AttributeValues;
  /** The ids of the widget's first calls at this page (null: none go out). */
  readonly ids: readonly number[] | null;
  /** leadkit/server's `chatReader` option. */
  readonly chatReader: ChatReader | undefined;
}
