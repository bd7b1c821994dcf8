import { startTransition } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { abortStartedFirstCalls, keepsStartedFirstCalls, startedFirstCallsOf } from '../gateway/started-first-calls';
import { loadLocalePack, resolveLocale } from '../i18n/locale';
import { emitLeadkitEvent } from '../runtime/events';
import { parseAnswers, type ServerAnswer } from '../gateway/server-answers';
import { createServerRenderGate, type ServerRenderGate } from '../runtime/server-render-gate';
import { HOST_PROPERTIES } from '../contract/host-properties';
import { isGatewayInput } from '../contract/gateway-inputs';
import { sheetFor } from '../runtime/styles';
import { abortElementReads } from '../runtime/widget-shell';
import { setupReporter } from '../runtime/setup-report';
import { setupProblem } from '../gateway/core/setup-causes';
import { LEADKIT_VERSION } from '../gateway/core/headers';
import baseCss from '../ui/core/base.css?inline';
import {
  ANSWERS_ATTRIBUTE,
  VERSION_ATTRIBUTE,
  elementGatewayClient,
  PARSED_ATTRIBUTE,
  PARSING_ATTRIBUTE,
  READY_STATE,
  setReadyStates,
  STYLESHEET_ATTRIBUTE,
  WidgetTree,
} from './widget-tree';
import { attributeReader, isAbsent } from '../contract/parse-attribute';
import type { ElementDefinition } from './element-definition';
import { kebab, reserveRules, type LeadkitTag } from '../contract/tags';

/**
 * Builds the custom-element class for a widget: leadkit's own small element base (no wrapper
 * library's internals to override), which
 * - keeps a shadow root — a declarative one the page already has (`<template shadowrootmode>`)
 *   is adopted, never attached again (that would empty it) — and mounts, updates and unmounts
 *   the widget's React root in it;
 * - renders — and so fetches — only while in a document, from a microtask after it was
 *   connected: a detached element never calls the gateway, and properties a host sets in the
 *   same task as the insertion (`el.gateway = …` after `appendChild`) are in place for the
 *   first call;
 * - parses attributes strictly (a number that is not one is absent and fires `lk-error` with
 *   kind `invalid-attribute`, never NaN); attribute properties reflect (undefined/null and a
 *   false boolean remove the attribute);
 * - has the host properties as real setters (objects keep methods and identity), and applies
 *   every property — host and attribute ones — a page set before the tag was defined;
 * - adopts its styles (no `<style>`: fine under a strict CSP); the reserve height holds until
 *   the first render; a DOM move keeps the React tree.
 */
export function createElementClass<T extends LeadkitTag>(definition: ElementDefinition<T>): CustomElementConstructor {
  const attributes = attributeReader(definition.tag);
  const attributeTypes = attributes.types;
  const attributeNames = Object.keys(attributeTypes);
  // The size kept until the first render (display is the widget's own from base.css).
  const reserve = reserveRules(definition.tag, `:host(:not(:state(${READY_STATE})))`, { display: false });
  const adopted = [baseCss, reserve].map(sheetFor).filter((sheet): sheet is CSSStyleSheet => sheet !== null);

  class LeadkitElement extends HTMLElement {
    static readonly leadkitTag = definition.tag;
    static readonly observedAttributes = attributeNames.map(kebab);
    /** Every prop of the widget: the parsed attributes and the host properties set. */
    #props: Record<string, unknown> = {};
    readonly #shadow: ShadowRoot;
    #root: Root | null = null;
    /** A server's first screen in the adopted shadow root (leadkit/server): hydrated, not replaced. */
    #server: { answers: ServerAnswer[]; stylesheet: string | null; gate: ServerRenderGate } | null = null;
    /** The first render waits for the locale's texts when hydrating (they must be the server's). */
    #hydrating = false;
    /** In a document, past the microtask after `connectedCallback` (see above). */
    #connected = false;
    /** Invalid attributes not yet reported (an element reports once it is in a document). */
    #invalid = new Set<string>();
    /** The first screen's lazy parts on their way (its definition's `preload`), from the first connect. */
    #parts: Promise<unknown> | null = null;
    /** Attribute properties a page set before the tag was defined: reflected once connected. */
    #toReflect: string[] = [];
    /** Aborts when the element leaves the document: what its preload started and nobody took is given up. */
    #presence: AbortController | null = null;

    constructor() {
      super();
      // Custom states need ElementInternals (every current browser); without them nothing is reserved.
      if (typeof this.attachInternals === 'function') {
        try {
          const states = this.attachInternals().states;
          if (states) setReadyStates(this, states);
        } catch {
          // attachInternals throws for customized built-ins only; never here.
        }
      }
      // A declarative shadow root from the page's HTML is this element's (open mode: readable here).
      this.#shadow = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
      let serverSheet: CSSStyleSheet | null = null;
      const answers = this.#shadow.querySelector(`script[${ANSWERS_ATTRIBUTE}]`);
      // Markup another leadkit version rendered is not hydrated (its HTML and answers may differ):
      // the widget renders afresh over it, and the developer is told (docs/troubleshooting.md).
      const version = answers?.getAttribute(VERSION_ATTRIBUTE) ?? null;
      if (version !== null && version !== LEADKIT_VERSION) setupReporter(this)(setupProblem('server-version-mismatch', { version }));
      if (answers && (version === null || version === LEADKIT_VERSION) && [...this.#shadow.children].some((child) => child !== answers)) {
        // Read, then out of the tree React hydrates (it rendered none on the server), as the
        // markers around the first screen are.
        answers.remove();
        for (const marker of this.#shadow.querySelectorAll(`[${PARSING_ATTRIBUTE}], [${PARSED_ATTRIBUTE}]`)) marker.remove();
        const stylesheet = this.#shadow.querySelector(`link[${STYLESHEET_ATTRIBUTE}]`)?.getAttribute('href') ?? null;
        // Inlined styles (no stylesheet URL) become a constructed sheet, adopted below in this
        // same task (nothing paints unstyled), and leave the tree too.
        const inline = this.#shadow.querySelector(`style[${STYLESHEET_ATTRIBUTE}]`);
        if (inline) {
          inline.remove();
          serverSheet = sheetFor(inline.textContent ?? '');
        }
        this.#server = { answers: parseAnswers(answers.textContent), stylesheet, gate: createServerRenderGate() };
      }
      for (const name of attributeNames) {
        const raw = this.getAttribute(kebab(name));
        if (raw !== null) this.#read(name, raw);
      }
      if (adopted.length > 0 && 'adoptedStyleSheets' in this.#shadow) this.#shadow.adoptedStyleSheets = serverSheet ? [serverSheet, ...adopted] : adopted;
      // A property set on the element before the tag was defined shadows our accessor: take it
      // over. A host property at once; an attribute property's value now, its attribute (which
      // may not change inside a constructor) once connected.
      const self = this as unknown as Record<string, unknown>;
      for (const name of [...HOST_PROPERTIES, ...attributeNames]) {
        if (!Object.hasOwn(this, name)) continue;
        const value = self[name];
        delete self[name];
        if ((HOST_PROPERTIES as readonly string[]).includes(name)) {
          self[name] = value;
        } else if (!isAbsent(value)) {
          this.#read(name, attributeTypes[name] === 'boolean' ? '' : String(value));
          this.#toReflect.push(name);
        }
      }
    }

    /** Parses one attribute into its prop (absent when invalid, and reported). */
    #read(name: string, raw: string): void {
      const attribute = kebab(name);
      const read = attributes.read(attribute, raw);
      if (!read || read.invalid) {
        delete this.#props[name];
        this.#invalid.add(attribute);
        if (this.#connected) this.#reportInvalid();
        return;
      }
      this.#invalid.delete(attribute);
      this.#props[name] = read.value;
    }

    #reportInvalid(): void {
      const attributes = [...this.#invalid];
      this.#invalid.clear();
      for (const attribute of attributes) {
        emitLeadkitEvent(this, 'lk-error', { widget: definition.tag, status: null, kind: 'invalid-attribute', attribute });
      }
    }

    /** Mounts, hydrates or updates the widget's React root (only while connected). */
    #render(): void {
      if (!this.#connected || this.#hydrating) return;
      if (this.#root) {
        this.#root.render(this.#tree());
      } else if (this.#server) {
        // The server's first screen stays on the page until the data is here (the answers it
        // carries: a few ms), then React adopts it in place; the texts must be the server's.
        // Nothing renders into the root before hydration starts (an update would make React
        // render it afresh): changes meanwhile are in the tree it hydrates with.
        // Its lazy parts too: a boundary whose code is not here stays the server's HTML, deaf to
        // input, and any render of the widget before it hydrates makes React replace it (focus
        // and all) — the office app's route and the board's list would wait on each other.
        this.#hydrating = true;
        void Promise.all([loadLocalePack(resolveLocale(this.#props.locale as string | undefined, this)), this.#parts]).then(() => {
          this.#hydrating = false;
          if (!this.#connected || this.#root) return;
          // In a transition, as a client render is (connectedCallback): React hydrates in slices and
          // yields between them. Here, after the locale's promise, the connect's transition is over:
          // hydration ran at the default priority, in one long task per widget (700–1100 ms at the
          // bench's 4× CPU: bench/server-board.ts).
          startTransition(() => {
            this.#root = hydrateRoot(this.#shadow as unknown as Element, this.#tree(), {
              onRecoverableError: (error) => {
                // The page's HTML did not match (the data changed in between): React renders the
                // widget afresh in its place. Said once for the developer; nothing for the user.
                console.warn(
                  `leadkit: <${definition.tag}> rendered afresh: its server HTML did not match (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`,
                );
              },
            });
          });
        });
      } else {
        // Whatever a page left in an adopted shadow root is replaced by the widget.
        this.#shadow.replaceChildren();
        this.#root = createRoot(this.#shadow);
        this.#root.render(this.#tree());
      }
    }

    /** What the element renders: the widget with its props (and a server render's hydration inputs). */
    #tree() {
      const server = this.#server;
      return (
        <WidgetTree
          definition={definition}
          props={{ ...this.#props }}
          owner={this}
          host={this}
          gate={server?.gate ?? null}
          stylesheet={server?.stylesheet ?? null}
          answers={server?.answers}
        />
      );
    }

    /** Renders from a microtask once in a document (see above); a move keeps the mounted tree. */
    connectedCallback() {
      for (const name of this.#toReflect.splice(0)) {
        const value = this.#props[name];
        if (value !== undefined) this.setAttribute(kebab(name), attributeTypes[name] === 'boolean' ? '' : String(value));
      }
      // A locale other than en-US starts loading now, beside the first data (the CDN loader's
      // first calls), not after the first render asked for it.
      const locale = resolveLocale(this.#props.locale as string | undefined, this);
      if (locale !== 'en-US') void loadLocalePack(locale);
      queueMicrotask(() => {
        if (!this.isConnected || this.#connected) return;
        // Its first screen's parts start now (a removed element asks for none): here by the
        // render, which React runs in a task of its own.
        // A server's first screen hydrates once they are here (see #render); one that fails shows so where it renders.
        // With them, the widget may start its first data: with the client its tree will render with.
        const presence = (this.#presence = new AbortController());
        this.#parts =
          definition
            .preload?.(this, {
              props: () => ({ ...this.#props }),
              client: () => elementGatewayClient(definition, this.#props, this, this.#server?.answers),
              signal: presence.signal,
            })
            .catch(() => undefined) ?? null;
        this.#connected = true;
        this.#reportInvalid();
        // The first render is a transition: React renders it in slices and yields between them,
        // so a phone's main thread is not held for the whole widget tree in one long task.
        startTransition(() => this.#render());
      });
    }

    /**
     * Unmounting the React root synchronously inside a React host's commit warns, and a DOM move
     * would unmount and remount. Deferred, a move (reconnected at once) keeps its tree, and a
     * removal unmounts a moment later — and cancels the element's reads still in flight (see
     * `abortElementReads`).
     */
    disconnectedCallback() {
      queueMicrotask(() => {
        if (this.isConnected) return;
        this.#connected = false;
        this.#presence?.abort();
        this.#presence = null;
        this.#root?.unmount();
        this.#root = null;
        // Back in a document later, it renders afresh (its server HTML went with the unmount).
        this.#server = null;
        abortStartedFirstCalls(startedFirstCallsOf(this));
        abortElementReads(this);
      });
    }

    attributeChangedCallback(attribute: string, _oldValue: string | null, value: string | null) {
      const name = attributes.propOf(attribute);
      if (!name) return;
      const before = this.#props[name];
      if (value === null) {
        delete this.#props[name];
        this.#invalid.delete(attribute);
      } else {
        this.#read(name, value);
      }
      if (!Object.is(before, this.#props[name])) this.#render();
    }

    // The accessors, in the class body so they reach the private state: each prop reads from it;
    // an attribute property's setter reflects (undefined, null and false remove the
    // attribute), a host property's sets it and renders.
    static {
      const accessor = (name: string, set: (element: LeadkitElement, value: unknown) => void) =>
        Object.defineProperty(this.prototype, name, {
          configurable: true,
          enumerable: true,
          get(this: LeadkitElement) {
            return this.#props[name];
          },
          set(this: LeadkitElement, value: unknown) {
            set(this, value);
          },
        });
      for (const name of attributeNames) {
        const attribute = kebab(name);
        const isBoolean = attributeTypes[name] === 'boolean';
        accessor(name, (element, value) => {
          if (isAbsent(value)) element.removeAttribute(attribute);
          else element.setAttribute(attribute, isBoolean ? '' : String(value));
        });
      }
      for (const name of HOST_PROPERTIES) {
        accessor(name, (element, value) => {
          if (element.#props[name] === value) return;
          // A gateway input (the host's client or caller): the calls the loader sent early are not this
          // element's. (A config that only adds an `onChallenge` for the same gateway keeps them:
          // gateway/started-first-calls.ts.)
          if (isGatewayInput(name) && !(name === 'gateway' && keepsStartedFirstCalls(value, element.#props.gatewayUrl as string | undefined)))
            abortStartedFirstCalls(startedFirstCallsOf(element));
          if (value === undefined || value === null) delete element.#props[name];
          else element.#props[name] = value;
          element.#render();
        });
      }
    }
  }

  return LeadkitElement;
}
