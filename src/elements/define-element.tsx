import { startTransition, useLayoutEffect, type ComponentType } from 'react';
import r2wc from '@r2wc/react-to-web-component';
import type { MessageCatalogue } from '../i18n/en-US';
import { abortPrefetched, prefetchedCallsOf } from '../gateway/prefetch';
import { loadLocalePack, resolveLocale } from '../i18n/locale';
import { emitLeadkitEvent } from '../runtime/events';
import { HOST_PROPERTIES, type HostInputs } from '../runtime/host-inputs';
import { sheetFor } from '../runtime/styles';
import { abortElementReads, WidgetShell } from '../runtime/widget-shell';
import baseCss from '../ui/base.css?inline';
import { PartFailedView } from '../ui/lazy-part';
import { PartUnavailable } from './part-unavailable';
import { HOST_ATTRIBUTES, kebab, reserveRules, TAGS, type AttributeType, type LeadkitTag, type TagAttributeProps } from './tags';

/**
 * A tag bound to its widget. The tag's attributes and reserve come from the tag table
 * (`TAGS`); the widget must take them as props (the compiler checks it).
 */
export interface ElementDefinition<T extends LeadkitTag = LeadkitTag> {
  /** Tag name without prefix, e.g. `lead-page`. */
  readonly tag: T;
  readonly component: ComponentType<TagAttributeProps<T>>;
  /** The texts the widget shows first: its parts of the en-US catalogue (lazy parts bring theirs). */
  readonly catalogue: MessageCatalogue;
  /**
   * Starts the lazy parts of the widget's first screen as the element connects (its list, its
   * body, the office app's route), so they are here by its first render (ui/lazy-part.ts).
   */
  readonly preload?: ((element: HTMLElement) => void) | undefined;
}

export function elementDefinition<T extends LeadkitTag>(
  tag: T,
  component: ComponentType<TagAttributeProps<T>>,
  catalogue: MessageCatalogue,
  preload?: (element: HTMLElement) => void,
): ElementDefinition<T> {
  return { tag, component, catalogue, preload };
}

// r2wc (pinned exactly in package.json) keeps its state under these registered symbols;
// define-element.test.tsx fails if a release changes them.
export const R2WC_PROPS = Symbol.for('r2wc.props');
export const R2WC_RENDER = Symbol.for('r2wc.render');
export const R2WC_CONNECTED = Symbol.for('r2wc.connected');
interface R2wcInternals {
  [R2WC_PROPS]: Record<string, unknown>;
  [R2WC_RENDER](): void;
  [R2WC_CONNECTED]: boolean;
}

/** Custom state set on the host once the widget rendered (`:host(:state(lk-ready))`). */
const READY_STATE = 'lk-ready';
const readyStates = new WeakMap<Element, CustomStateSet>();

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

/** An empty value or the attribute's own name means true, as for any HTML boolean attribute ("false" is false). */
const isHtmlTrue = (attribute: string, value: string) => value === '' || value.toLowerCase() === attribute || /^[ty1-9]/i.test(value);

/** An attribute's value as a prop, or `invalid` (treated as absent and reported). */
export function parseAttribute(type: AttributeType, attribute: string, raw: string): { value: unknown } | 'invalid' {
  if (type === 'string') return { value: raw };
  if (type === 'boolean') return { value: isHtmlTrue(attribute, raw) };
  if (type === 'number') {
    const text = raw.trim();
    const value = text === '' ? Number.NaN : Number(text);
    return Number.isFinite(value) ? { value } : 'invalid';
  }
  return type.includes(raw) ? { value: raw } : 'invalid';
}

/**
 * Builds the custom-element class for a widget over r2wc (which attaches the shadow root and
 * mounts, updates and unmounts the React root). Ours on top:
 * - it renders — and so fetches — only while in a document, from a microtask after it was
 *   connected: a detached element never calls the gateway, and properties a host sets in the
 *   same task as the insertion (`el.gateway = …` after `appendChild`) are in place for the
 *   first call;
 * - attributes are parsed strictly (a number that is not one is absent and fires `lk-error`
 *   with kind `invalid-attribute`, never NaN), attribute properties reflect (undefined/null
 *   and a false boolean remove the attribute);
 * - the host properties are real setters (objects keep methods and identity), also when set
 *   before the tag was defined;
 * - styles are adopted (no `<style>`: fine under a strict CSP); the reserve height holds until
 *   the first render; a DOM move keeps the React tree.
 */
export function createElementClass<T extends LeadkitTag>(definition: ElementDefinition<T>): CustomElementConstructor {
  const spec = TAGS[definition.tag];
  const ownAttributes = spec.attributes as Readonly<Record<string, AttributeType>>;
  const attributeTypes: Readonly<Record<string, AttributeType>> = { ...HOST_ATTRIBUTES, ...ownAttributes };
  const attributeNames = Object.keys(attributeTypes);
  const propOfAttribute = new Map(attributeNames.map((name) => [kebab(name), name]));
  const Widget = definition.component as ComponentType<Record<string, unknown>>;

  function Shell(props: Record<string, unknown> & { container: ShadowRoot }) {
    const host = props.container.host;
    const inputs: Record<string, unknown> = { gatewayUrl: props.gatewayUrl, authMode: props.authMode, spId: props.spId, locale: props.locale };
    for (const name of HOST_PROPERTIES) inputs[name] = props[name];
    const widgetProps: Record<string, unknown> = {};
    for (const name of Object.keys(ownAttributes)) widgetProps[name] = props[name];
    return (
      <WidgetShell owner={host} host={host} catalogue={definition.catalogue} inputs={inputs as HostInputs} prefetched={prefetchedCallsOf(host)}>
        <Rendered host={host} />
        <PartFailedView value={PartUnavailable}>
          <Widget {...widgetProps} />
        </PartFailedView>
      </WidgetShell>
    );
  }

  // r2wc only observes the attributes and mounts; parsing is ours (every attribute is a string to it).
  const r2wcProps = Object.fromEntries(attributeNames.map((name) => [name, 'string']));
  const Base = r2wc(Shell as ComponentType<object>, { shadow: 'open', props: r2wcProps as never });
  const baseCallbacks = Base.prototype as unknown as { disconnectedCallback(): void };
  // The size kept until the first render (display is the widget's own from base.css).
  const reserve = reserveRules(definition.tag, `:host(:not(:state(${READY_STATE})))`, { display: false });
  const adopted = [baseCss, reserve].map(sheetFor).filter((sheet): sheet is CSSStyleSheet => sheet !== null);

  class LeadkitElement extends (Base as unknown as { new (): HTMLElement & R2wcInternals }) {
    static readonly leadkitTag = definition.tag;
    /** Invalid attributes not yet reported (an element reports once it is in a document). */
    #invalid = new Set<string>();

    constructor() {
      super();
      // r2wc starts "connected", so a created, never inserted element would render and fetch.
      this[R2WC_CONNECTED] = false;
      // Custom states need ElementInternals (every current browser); without them nothing is reserved.
      if (typeof this.attachInternals === 'function') {
        try {
          const states = this.attachInternals().states;
          if (states) readyStates.set(this, states);
        } catch {
          // attachInternals throws for customized built-ins only; never here.
        }
      }
      // r2wc parsed the attributes its own way (parseFloat, 't'/'y' booleans): parse them again.
      for (const name of attributeNames) {
        delete this[R2WC_PROPS][name];
        const raw = this.getAttribute(kebab(name));
        if (raw !== null) this.#read(name, raw);
      }
      const root = this.shadowRoot;
      if (root && adopted.length > 0 && 'adoptedStyleSheets' in root) root.adoptedStyleSheets = adopted;
      // A property set on the element before the tag was defined shadows our setter: re-apply it.
      for (const name of [...HOST_PROPERTIES, ...attributeNames]) {
        if (Object.hasOwn(this, name)) {
          const value = (this as unknown as Record<string, unknown>)[name];
          delete (this as unknown as Record<string, unknown>)[name];
          (this as unknown as Record<string, unknown>)[name] = value;
        }
      }
    }

    /** Parses one attribute into its prop (absent when invalid, and reported). */
    #read(name: string, raw: string): void {
      const attribute = kebab(name);
      const parsed = parseAttribute(attributeTypes[name] as AttributeType, attribute, raw);
      if (parsed === 'invalid') {
        delete this[R2WC_PROPS][name];
        this.#invalid.add(attribute);
        if (this[R2WC_CONNECTED]) this.#reportInvalid();
        return;
      }
      this.#invalid.delete(attribute);
      this[R2WC_PROPS][name] = parsed.value;
    }

    #reportInvalid(): void {
      const attributes = [...this.#invalid];
      this.#invalid.clear();
      for (const attribute of attributes) {
        emitLeadkitEvent(this, 'lk-error', { widget: definition.tag, status: null, kind: 'invalid-attribute', attribute });
      }
    }

    /** Renders from a microtask once in a document (see above); a move keeps the mounted tree. */
    connectedCallback() {
      // A locale other than en-US starts loading now, beside the first data (the CDN loader's
      // early calls), not after the first render asked for it.
      const locale = resolveLocale(this[R2WC_PROPS].locale as string | undefined, this);
      if (locale !== 'en-US') void loadLocalePack(locale);
      queueMicrotask(() => {
        if (!this.isConnected) return;
        // Its first screen's parts start now (a removed element asks for none): here by the
        // render, which React runs in a task of its own.
        definition.preload?.(this);
        this[R2WC_CONNECTED] = true;
        this.#reportInvalid();
        // The first render is a transition: React renders it in slices and yields between them,
        // so a phone's main thread is not held for the whole widget tree in one long task.
        startTransition(() => this[R2WC_RENDER]());
      });
    }

    /**
     * r2wc unmounts the React root synchronously on disconnect: inside a React host's commit
     * that warns, and a DOM move would unmount and remount. Deferred, a move (reconnected at
     * once) keeps its tree, and a removal unmounts a moment later — and cancels the element's
     * reads still in flight (see `abortElementReads`).
     */
    disconnectedCallback() {
      queueMicrotask(() => {
        if (this.isConnected) return;
        baseCallbacks.disconnectedCallback.call(this);
        abortPrefetched(prefetchedCallsOf(this));
        abortElementReads(this);
      });
    }

    attributeChangedCallback(attribute: string, _oldValue: string | null, value: string | null) {
      const name = propOfAttribute.get(attribute);
      if (!name) return;
      const before = this[R2WC_PROPS][name];
      if (value === null) {
        delete this[R2WC_PROPS][name];
        this.#invalid.delete(attribute);
      } else {
        this.#read(name, value);
      }
      if (!Object.is(before, this[R2WC_PROPS][name])) this[R2WC_RENDER]();
    }
  }

  // Attribute properties reflect: undefined/null and a false boolean remove the attribute.
  for (const name of attributeNames) {
    const attribute = kebab(name);
    const isBoolean = attributeTypes[name] === 'boolean';
    Object.defineProperty(LeadkitElement.prototype, name, {
      configurable: true,
      enumerable: true,
      get(this: R2wcInternals) {
        return this[R2WC_PROPS][name];
      },
      set(this: HTMLElement, value: unknown) {
        if (value === undefined || value === null || (isBoolean && value === false)) this.removeAttribute(attribute);
        else this.setAttribute(attribute, isBoolean ? '' : String(value));
      },
    });
  }
  for (const name of HOST_PROPERTIES) {
    Object.defineProperty(LeadkitElement.prototype, name, {
      configurable: true,
      enumerable: true,
      get(this: R2wcInternals) {
        return this[R2WC_PROPS][name];
      },
      set(this: R2wcInternals, value: unknown) {
        if (this[R2WC_PROPS][name] === value) return;
        // The host's client or caller: the calls the loader sent early are not this element's.
        if (name === 'gateway' || name === 'auth') abortPrefetched(prefetchedCallsOf(this));
        if (value === undefined || value === null) delete this[R2WC_PROPS][name];
        else this[R2WC_PROPS][name] = value;
        this[R2WC_RENDER]();
      },
    });
  }
  return LeadkitElement;
}
