import { kebab, pascal, TAGS, type AttributeType, type HOST_ATTRIBUTES, type LeadkitTag } from '../../src/contract/tags';

/**
 * The "Use it" section of an element's docs page (element-docs-page.tsx), as Markdown: the tag in
 * HTML, the same element as its `leadkit/react` component, and what it needs to talk to a real
 * gateway, with the link to the page that has it all. Everything comes from the contract
 * (src/contract/tags.ts: the tag's attributes and their types, its role, whether it chats) and the
 * live element's own values (its first story's args), so the snippets show exactly the element
 * above them and change with the contract. test/docs-site.test.ts type-checks the React snippet
 * of every tag against leadkit/react and the module of the connect page.
 */

/** The gateway origin the snippets use. */
export const EXAMPLE_GATEWAY_URL = 'https://gateway.example.com';
/** The page with everything a gateway with only the spec's calls needs (docs/connect-gateway.md), from a widget guide. */
export const CONNECT_PAGE = '../connect-gateway.md';
/** The module the React snippet imports: the connect page's config, by the name its first block gives it. */
export const CONNECT_MODULE = './gateway';

type Value = string | number | boolean;

/** The tag's own attributes the live element sets (its args, by prop or attribute name), in the contract's order. */
function attributesOf(tag: LeadkitTag, args: Readonly<Record<string, unknown>>): { prop: string; name: string; type: AttributeType; value: Value }[] {
  const own: Readonly<Record<string, AttributeType>> = TAGS[tag].attributes;
  return Object.entries(own).flatMap(([prop, type]) => {
    const value = args[prop] ?? args[kebab(prop)];
    if (value === undefined || value === null || value === false || value === '') return [];
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return [];
    return [{ prop, name: kebab(prop), type, value }];
  });
}

/** A host attribute's name in HTML (a name the contract does not have does not compile). */
const hostAttribute = (name: keyof typeof HOST_ATTRIBUTES) => kebab(name);
/** `gateway-credentials="include"`: the page's cookies go to a gateway on another origin. */
const INCLUDE_CREDENTIALS: (typeof HOST_ATTRIBUTES.gatewayCredentials)[number] = 'include';

const htmlValue = (value: Value) => String(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** What the element takes from the host page to work against a real gateway, by the contract. */
export function needsOf(tag: LeadkitTag): { auth: boolean; chat: boolean } {
  const spec = TAGS[tag];
  return { auth: spec.role !== 'customer', chat: 'chatService' in spec.attributes };
}

/** The element in HTML: its attributes, then the gateway's origin (and, for a provider's widget, the cookie sign-in). */
export function htmlUsage(tag: LeadkitTag, args: Readonly<Record<string, unknown>>): string {
  const attributes = attributesOf(tag, args).map(({ name, type, value }) => (type === 'boolean' ? name : `${name}="${htmlValue(value)}"`));
  attributes.push(`${hostAttribute('gatewayUrl')}="${EXAMPLE_GATEWAY_URL}"`);
  // The cookie sign-in of a gateway on another origin: `credentials: 'include'`, as an attribute.
  if (needsOf(tag).auth) attributes.push(`${hostAttribute('gatewayCredentials')}="${INCLUDE_CREDENTIALS}"`);
  return `<${tag} ${attributes.join(' ')}></${tag}>`;
}

/** The element as its leadkit/react component, configured by the connect page's module. */
export function reactUsage(tag: LeadkitTag, args: Readonly<Record<string, unknown>>): string {
  const component = pascal(tag);
  const needs = needsOf(tag);
  const props = attributesOf(tag, args).map(({ prop, type, value }) => {
    if (type === 'boolean') return prop;
    return type === 'number' ? `${prop}={${Number(value)}}` : `${prop}=${JSON.stringify(String(value))}`;
  });
  const imports = ['gateway', ...(needs.auth ? ['providerAuth'] : []), ...(needs.chat ? ['chat'] : [])].sort();
  props.push('gateway={gateway}');
  if (needs.auth) props.push('auth={providerAuth}');
  if (needs.chat) props.push('chat={chat}');
  return [
    `import { ${component} } from 'leadkit/react';`,
    `import { ${imports.join(', ')} } from '${CONNECT_MODULE}'; // the connect page's config`,
    '',
    `export const Example = () => <${component} ${props.join(' ')} />;`,
  ].join('\n');
}

/** The section, as Markdown written in docs/widgets/<tag>.md (its links are relative to that file). */
export function usageMarkdown(tag: LeadkitTag, args: Readonly<Record<string, unknown>>): string {
  const needs = needsOf(tag);
  const takes = [
    "`gateway` (your gateway's origin, and what a gateway with only the spec's calls lacks)",
    needs.auth ? '`auth` (the signed-in provider: a token, or the session cookie)' : null,
    needs.chat ? '`chat` (the chat service)' : null,
  ].filter(Boolean);
  const customer = needs.auth ? '' : " A customer's widget has no `auth`: its one-time token comes from the config's `getOneTimeToken`.";
  return [
    '## Use it',
    '',
    `**HTML**, on a page with the [CDN files](../../packages/cdn/README.md) or after \`import 'leadkit/define'\`${
      needs.auth
        ? ", the gateway's origin and the provider's session cookie as attributes (what else a gateway with only the spec's calls needs comes from a module script: below)"
        : ", the gateway's origin as an attribute (against a gateway with only the spec's calls, a module script gives it the customer's token: below)"
    }:`,
    '',
    '```html',
    htmlUsage(tag, args),
    '```',
    '',
    `**React**: \`${pascal(tag)}\` from \`leadkit/react\`, the attributes as camelCase props, the properties as props, an \`on…\` prop per event:`,
    '',
    '```tsx',
    reactUsage(tag, args),
    '```',
    '',
    '### Connect to your gateway',
    '',
    `The element above talks to the sandbox, in your browser. On your page it takes ${takes.join(', ')}.${customer} ` +
      `[Connect to your real gateway](${CONNECT_PAGE}) has them all in one module (\`${CONNECT_MODULE}\` above), and the same for a page without a build.`,
    '',
  ].join('\n');
}
