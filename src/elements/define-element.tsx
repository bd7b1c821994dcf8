import { useLayoutEffect, type ComponentType } from 'react';
import r2wc from '@r2wc/react-to-web-component';
import type { MessageCatalogue } from '../i18n/en-US';
import { sheetFor } from '../runtime/styles';
import { WidgetShell, type HostInputs } from '../runtime/widget-shell';

/** Attribute types r2wc parses (kebab-case attribute ↔ camelCase prop). */
export type AttributeType = 'string' | 'number' | 'boolean';

/** Properties every element takes as real JS properties (objects keep methods and identity). */
export const OBJECT_PROPERTIES = ['gateway', 'auth', 'messages', 'locale', 'flags', 'analytics', 'routes', 'chat', 'now'] as const;
export type ObjectProperty = (typeof OBJECT_PROPERTIES)[number];

/** Attributes every element understands, for hosts without JavaScript. */
const COMMON_ATTRIBUTES = { gatewayUrl: 'string', authMode: 'string' } as const satisfies Record<string, AttributeType>;

export interface ElementDefinition<P extends object> {
  /** Tag name without prefix, e.g. `lead-page`. */
  tag: string;
  /** The widget's own attributes: camelCase prop → type. `spId` is shared with the gateway auth. */
  attributes: { [K in keyof P]-?: AttributeType };
  component: ComponentType<P>;
  /** The texts the widget shows: its parts of the en-US catalogue. */
  catalogue: MessageCatalogue;
  /**
   * CSS adopted into the shadow root when the element is made (base.css); each widget adopts
   * its own CSS itself (`useStyles`), so lazily loaded widgets are styled too.
   */
  styles: readonly string[];
  /**
   * Height kept for the element from its definition until its first render (the loading
   * skeleton's height), so the page does not collapse and jump back in between.
   */
  reservedHeight?: string;
}

// r2wc keeps its props and render method under these registered symbols.
const R2WC_PROPS = Symbol.for('r2wc.props');
const R2WC_RENDER = Symbol.for('r2wc.render');
interface R2wcInternals {
  [R2WC_PROPS]: Record<string, unknown>;
  [R2WC_RENDER](): void;
}

/** Custom state set on the host once the widget rendered (`:host(:state(lk-ready))`). */
const READY_STATE = 'lk-ready';
const readyStates = new WeakMap<Element, CustomStateSet>();

const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, (_, a: string, b: string) => `${a}-${b.toLowerCase()}`);

/**
 * Builds the custom-element class for a widget: r2wc maps the attributes; the object
 * properties are real setters; styles are adopted (no `<style>` in the page, fine under a
 * strict CSP); properties set before the tag was defined are re-applied.
 */
export function createElementClass<P extends object>(definition: ElementDefinition<P>): CustomElementConstructor {
  const attributeTypes = { ...COMMON_ATTRIBUTES, ...definition.attributes } as Record<string, AttributeType>;
  const attributeNames = Object.keys(attributeTypes);
  const booleanNames = attributeNames.filter((name) => attributeTypes[name] === 'boolean');
  /** An empty value or the attribute's own name means true, as for any HTML boolean attribute. */
  const isHtmlTrue = (name: string, value: string) => value === '' || value.toLowerCase() === kebab(name) || /^[ty1-9]/i.test(value);
  const Widget = definition.component as ComponentType<Record<string, unknown>>;

  function Shell(props: Record<string, unknown> & { container: ShadowRoot }) {
    const host = props.container.host;
    // Rendered: the reserved height is no longer needed (the skeleton or content holds it).
    useLayoutEffect(() => {
      readyStates.get(host)?.add(READY_STATE);
    }, [host]);
    const inputs: HostInputs = {
      gateway: props.gateway as HostInputs['gateway'],
      gatewayUrl: props.gatewayUrl as string | undefined,
      auth: props.auth as HostInputs['auth'],
      authMode: props.authMode as string | undefined,
      spId: props.spId as number | undefined,
      messages: props.messages as HostInputs['messages'],
      locale: props.locale as string | undefined,
      flags: props.flags as HostInputs['flags'],
      analytics: props.analytics as HostInputs['analytics'],
      routes: props.routes as HostInputs['routes'],
      now: props.now as HostInputs['now'],
      chat: props.chat,
    };
    const widgetProps: Record<string, unknown> = {};
    for (const name of Object.keys(definition.attributes)) widgetProps[name] = props[name];
    return (
      <WidgetShell owner={host} host={host} catalogue={definition.catalogue} inputs={inputs}>
        <Widget {...widgetProps} />
      </WidgetShell>
    );
  }

  const Base = r2wc(Shell as ComponentType<object>, { shadow: 'open', props: attributeTypes as never });
  const reserve = definition.reservedHeight ? [`:host(:not(:state(${READY_STATE}))){min-height:${definition.reservedHeight}}`] : [];
  const adopted = [...definition.styles, ...reserve].map(sheetFor).filter((sheet): sheet is CSSStyleSheet => sheet !== null);

  class LeadkitElement extends (Base as unknown as { new (): HTMLElement & R2wcInternals }) {
    static readonly leadkitTag = definition.tag;

    constructor() {
      super();
      // Custom states need ElementInternals (every current browser); without them nothing is reserved.
      if (typeof this.attachInternals === 'function') {
        try {
          const states = this.attachInternals().states;
          if (states) readyStates.set(this, states);
        } catch {
          // attachInternals throws for customized built-ins only; never here.
        }
      }
      // HTML boolean attributes: present means true (`new-messages`, `new-messages=""`), which
      // r2wc's parser (t/y/1-9 only) would read as false or skip.
      for (const name of booleanNames) {
        const value = this.getAttribute(kebab(name));
        if (value !== null && isHtmlTrue(name, value)) this[R2WC_PROPS][name] = true;
      }
      const root = this.shadowRoot;
      if (root && adopted.length > 0 && 'adoptedStyleSheets' in root) root.adoptedStyleSheets = adopted;
      // A property set on the element before the tag was defined shadows our setter: re-apply it.
      for (const name of [...OBJECT_PROPERTIES, ...attributeNames]) {
        if (Object.hasOwn(this, name)) {
          const value = (this as unknown as Record<string, unknown>)[name];
          delete (this as unknown as Record<string, unknown>)[name];
          (this as unknown as Record<string, unknown>)[name] = value;
        }
      }
    }

    /**
     * r2wc unmounts the React root synchronously on disconnect: inside a React host's commit
     * that warns, and a DOM move would unmount and remount. Deferred, a move (reconnected at
     * once) keeps its tree, and a removal unmounts a moment later.
     */
    disconnectedCallback() {
      const base = Base.prototype as unknown as { disconnectedCallback(): void };
      queueMicrotask(() => {
        if (!this.isConnected) base.disconnectedCallback.call(this);
      });
    }

    /** r2wc ignores removed attributes; a removed attribute clears its prop. */
    attributeChangedCallback(name: string, oldValue: string | null, newValue: string | null) {
      const base = Base.prototype as unknown as { attributeChangedCallback(n: string, o: string | null, v: string | null): void };
      if (newValue === null) {
        const prop = attributeNames.find((candidate) => kebab(candidate) === name);
        if (prop && this[R2WC_PROPS][prop] !== undefined) {
          delete this[R2WC_PROPS][prop];
          this[R2WC_RENDER]();
        }
        return;
      }
      const prop = attributeNames.find((candidate) => kebab(candidate) === name);
      if (prop && booleanNames.includes(prop) && isHtmlTrue(prop, newValue)) {
        if (this[R2WC_PROPS][prop] !== true) {
          this[R2WC_PROPS][prop] = true;
          this[R2WC_RENDER]();
        }
        return;
      }
      base.attributeChangedCallback.call(this, name, oldValue, newValue);
    }
  }

  for (const name of OBJECT_PROPERTIES) {
    Object.defineProperty(LeadkitElement.prototype, name, {
      configurable: true,
      enumerable: true,
      get(this: R2wcInternals) {
        return this[R2WC_PROPS][name];
      },
      set(this: R2wcInternals, value: unknown) {
        if (this[R2WC_PROPS][name] === value) return;
        this[R2WC_PROPS][name] = value;
        this[R2WC_RENDER]();
      },
    });
  }
  return LeadkitElement;
}
