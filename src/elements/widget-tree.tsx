import { Suspense, useLayoutEffect, type ComponentType } from 'react';
import { startedFirstCallsOf } from '../gateway/started-first-calls';
import type { GatewayClient } from '../gateway/core/client';
import { splitAnswers, type ServerAnswer } from '../gateway/server-answers';
import { ServerRenderScope, type ServerRenderGate } from '../runtime/server-render-gate';
import { HOST_INPUT_NAMES, type HostInputs } from '../runtime/host-inputs';
import { clientFor, WidgetShell } from '../runtime/widget-shell';
import { PartFailedView } from '../ui/lazy-part';
import type { ElementDefinition } from './element-definition';
import { PartUnavailable } from './part-unavailable';
import { TAGS, type LeadkitTag } from '../contract/tags';

/** The attribute of the `<script type="application/json">` a server render puts its gateway answers in. */
export const ANSWERS_ATTRIBUTE = 'data-lk-answers';
/** Its attribute naming the leadkit version that rendered the first screen (hydrated only by the same version). */
export const VERSION_ATTRIBUTE = 'data-lk-version';
/** The markers around a server render's first screen (hidden until the closing one is parsed: ui/core/base.css). */
export const PARSING_ATTRIBUTE = 'data-lk-parsing';
export const PARSED_ATTRIBUTE = 'data-lk-parsed';
/** The attribute of the `<link rel="stylesheet">` a server render puts in the shadow root. */
export const STYLESHEET_ATTRIBUTE = 'data-lk-stylesheet';

/** Custom state set on the host once the widget rendered (`:host(:state(lk-ready))`). */
export const READY_STATE = 'lk-ready';
const readyStates = new WeakMap<Element, CustomStateSet>();

/** Where an element's ready state goes (its ElementInternals' states). */
export function setReadyStates(element: Element, states: CustomStateSet): void {
  readyStates.set(element, states);
}

/**
 * Rendered (inside the widget shell, so only once the widget's locale is here): the reserved
 * height is no longer needed (the skeleton or content holds it).
 */
function Rendered({ host }: { host: Element }) {
  useLayoutEffect(() => {
    readyStates.get(host)?.add(READY_STATE);
  }, [host]);
  return null;
}

export interface WidgetTreeProps {
  definition: ElementDefinition;
  /** The parsed attributes and the host properties. */
  props: Readonly<Record<string, unknown>>;
  /** Keys the per-instance store and client: the element, or an object of a server render. */
  owner: object;
  /** The element (null on a server). */
  host: Element | null;
  /** On a server, and in the browser while hydrating a server's HTML: the first screen waits for its data. */
  gate?: ServerRenderGate | null;
  /** The server render's stylesheet link (rendered the same while hydrating). */
  stylesheet?: string | null;
  /** The gateway answers a server render put in the page (the element's client takes them). */
  answers?: ServerAnswer[] | undefined;
}

/** The host inputs among an element's props (what its shell builds the client and runtime from). */
function hostInputsOf(props: Readonly<Record<string, unknown>>): HostInputs {
  const inputs: Record<string, unknown> = {};
  for (const name of HOST_INPUT_NAMES) inputs[name] = props[name];
  return inputs as HostInputs;
}

/**
 * The gateway client an element's tree will render with, asked for before the tree (its
 * widget's `preload` starts the first data with it): the shell below takes the same object.
 */
export function elementGatewayClient(
  definition: ElementDefinition,
  props: Readonly<Record<string, unknown>>,
  host: Element,
  answers?: ServerAnswer[],
): GatewayClient {
  const role = TAGS[definition.tag as LeadkitTag].role;
  return clientFor(host, { ...hostInputsOf(props), role }, startedFirstCallsOf(host), answers ? splitAnswers(answers).calls : undefined);
}

/**
 * What an element renders in its shadow root — the same in the browser and in a server render
 * (leadkit/server), so that hydration finds the server's HTML where it renders.
 */
export function WidgetTree({ definition, props, owner, host, gate = null, stylesheet = null, answers }: WidgetTreeProps) {
  const Widget = definition.component as ComponentType<Record<string, unknown>>;
  const inputs = hostInputsOf(props);
  const widgetProps: Record<string, unknown> = {};
  for (const name of Object.keys(TAGS[definition.tag as LeadkitTag].attributes)) widgetProps[name] = props[name];
  return (
    <WidgetShell
      owner={owner}
      host={host}
      catalogue={definition.catalogue}
      inputs={inputs}
      startedFirstCalls={host ? startedFirstCallsOf(host) : undefined}
      answers={answers}
      scope={TAGS[definition.tag as LeadkitTag].role === 'provider' ? (props.spId ?? null) : null}
      role={TAGS[definition.tag as LeadkitTag].role}
    >
      {stylesheet && <link rel="stylesheet" href={stylesheet} {...{ [STYLESHEET_ATTRIBUTE]: '' }} />}
      {host && <Rendered host={host} />}
      <PartFailedView value={PartUnavailable}>
        {gate ? (
          // A first screen made on a server (or hydrated from one): its data reads suspend until
          // answered (runtime/server-render-gate.tsx). An element keeps its gate, and so this tree's
          // shape, for its root's life; once committed the gate never holds anything again.
          <Suspense fallback={null}>
            <ServerRenderScope gate={gate}>
              <Widget {...widgetProps} />
            </ServerRenderScope>
          </Suspense>
        ) : (
          <Widget {...widgetProps} />
        )}
      </PartFailedView>
    </WidgetShell>
  );
}
