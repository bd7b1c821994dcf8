/**
 * `leadkit/react` on a server (the `node` export condition: Next.js's server render of client
 * components, Vite SSR, plain Node): the same components, which also render the first screen
 * they are given (`firstScreen`, from `loadFirstScreen`) as a declarative shadow root.
 *
 * The renderer (`leadkit/server`) is imported by Node at run time, from the installed package —
 * never bundled into a framework's server bundle: Next.js gives the code it bundles its own copy
 * of React, while a `react-dom/static` bundled beside it brings another (a render there runs the
 * widgets' hooks on a React that is not rendering: "Cannot read properties of null"). Loaded by
 * Node, the renderer and the widgets it renders share the host's installed React.
 */
import { setServerRenderer } from './elements/server-renderer';
import type * as Server from './server';

const SERVER_ENTRY = 'leadkit/server';
let server: Promise<typeof Server> | null = null;

setServerRenderer(async (tag, input) => {
  server ??= import(/* webpackIgnore: true */ /* turbopackIgnore: true */ /* @vite-ignore */ SERVER_ENTRY) as Promise<typeof Server>;
  return (await server).renderFirstScreen(tag, input);
});

export * from './react';
