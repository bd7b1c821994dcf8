/**
 * The URL gate over every source a link comes from (issue 77, F1/F2; docs/embedding.md#links-leadkit-shows):
 * the host's `<lead-app base>` and `routes.*` builders, the gateway's `challengeUrl` and insurer
 * link, a customer's message text, a message's media, the phone and e-mail a lead carries, and the
 * in-app navigation `lk-navigate` asks for — each through the code that turns it into an href, with
 * the review's hostile forms. Every hostile form is refused by every source (the source's fallback
 * or nothing); the good forms are kept; a refusal is told as `link-refused`, naming the input and
 * never the value. No DOM: Node's URL parser is the WHATWG one the browsers share.
 */
import { describe, expect, it } from 'vitest';
import { resolveRoutes, type RouteGate } from '../src/domain/core/routes';
import { checkMediaUrl, LINK, mailtoHref, safeHref } from '../src/domain/core/safe-url';
import { telHref } from '../src/domain/core/phone';
import { challengeHref } from '../src/gateway/core/challenge';
import type { SetupProblem } from '../src/gateway/core/setup-causes';
import { shownLink } from '../src/gateway/core/shown-link';
import { inAppPath } from '../src/widgets/lead-app/lead-app-paths';
import { appBaseOf } from '../src/widgets/lead-app/route-loaders';
import { linkify } from '../src/widgets/message-thread/bubbles/message-text';
import { insuranceOfferShows, INSURER_INPUT, INSURER_LINK } from '../src/widgets/lead-board/extras/insurance-offer';

const PAGE = 'https://pro.example.com/office/leads';
const ORIGIN = 'https://pro.example.com';
const GATEWAY = 'https://gateway.example.net/api';

/** The review's hostile forms (and more): none may become a link, from any source. */
const HOSTILE: readonly string[] = [
  '/\\evil.example/c',
  '/\t/evil.example/c',
  '/\n/evil.example/c',
  '\\\\evil.example/c',
  '/%5Cevil.example/c',
  '/%5cevil.example/c',
  '/%255Cevil.example/c',
  '/%09/evil.example/c',
  '/%0A/evil.example/c',
  '/%2F%2Fevil.example/c',
  '/.//evil.example/c',
  '//evil.example',
  '//evil.example/app/lead/board/1',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  '\tjavascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  'javascript:alert(1)\u0000',
  'data:text/html,<script>alert(1)</script>',
  'DATA:text/html;base64,PHNjcmlwdD4=',
  'vbscript:msgbox(1)',
  'http://evil.example/',
];

/** A source: what its code makes of a value (null: no link), and what it keeps. */
interface Source {
  readonly name: string;
  /** The href (or the navigation's path) the source's code makes of `value`; `fallback` when it falls back to its default. */
  link(value: string, told: SetupProblem[]): string | null;
  /** What a refused value gives instead (the default's URL), else null: no link. */
  readonly fallback: string | null;
  /** Values the source keeps, and what it makes of them. */
  readonly kept: readonly (readonly [value: string, href: string])[];
  /** The input named in the refusal's line (null: the source says none, see its row). */
  readonly input: string | null;
}

/** The runtime's route gate (runtime/runtime.tsx): the gate on `PAGE`, told as `routes.<name>`. */
const routeGate =
  (told: SetupProblem[]): RouteGate =>
  (url, route) =>
    shownLink(url, `\`routes.${route}\``, LINK, (problem) => told.push(problem), { base: PAGE, origin: ORIGIN });

const SOURCES: readonly Source[] = [
  {
    name: '<lead-app base> (host attribute or property)',
    link: (value) => appBaseOf(value),
    fallback: '/app',
    kept: [
      ['/office', '/office'],
      ['/office/', '/office'],
    ],
    // Said by the app as it renders (lead-app-links.test.tsx).
    input: null,
  },
  {
    name: 'routes.leadBoard (a spec route: host builder)',
    link: (value, told) => resolveRoutes({ leadBoard: () => value }, '/app', routeGate(told)).leadBoard({ serviceProviderId: 1001 }),
    fallback: '/app/lead/board/1001',
    kept: [
      ['/office/leads/1001', '/office/leads/1001'],
      ['https://office.example.com/leads', 'https://office.example.com/leads'],
      [`${ORIGIN}/office/leads`, `${ORIGIN}/office/leads`],
    ],
    input: '`routes.leadBoard`',
  },
  {
    name: 'routes.logIn (a host page: no default)',
    link: (value, told) => resolveRoutes({ logIn: () => value }, '/app', routeGate(told)).logIn?.({ returnUrl: '/app' }) ?? null,
    fallback: null,
    kept: [
      ['/login?back=%2Fapp', '/login?back=%2Fapp'],
      ['https://id.example.com/?next=%2Fapp', 'https://id.example.com/?next=%2Fapp'],
    ],
    input: '`routes.logIn`',
  },
  {
    name: 'routes.callLog (a host page: no default)',
    link: (value, told) => resolveRoutes({ callLog: () => value }, '/app', routeGate(told)).callLog?.({ serviceProviderId: 1001 }) ?? null,
    fallback: null,
    kept: [
      ['calls', '/office/calls'],
      ['tel:+15555550100', 'tel:+15555550100'],
    ],
    input: '`routes.callLog`',
  },
  {
    name: "the gateway's challengeUrl (a 511's body)",
    link: (value, told) => challengeHref({ error: 'challenge_required', challengeId: 'c1', challengeUrl: value }, GATEWAY, (problem) => told.push(problem)),
    fallback: null,
    kept: [
      ['/challenge/c1', 'https://gateway.example.net/challenge/c1'],
      ['https://check.example.org/c1', 'https://check.example.org/c1'],
    ],
    input: "the gateway's `challengeUrl` (a 511's body)",
  },
  {
    name: "a lead's thimbleUrl (the insurer's link: https only)",
    link: (value, told) => {
      const href = shownLink(value, INSURER_INPUT, INSURER_LINK, (problem) => told.push(problem), { base: PAGE, origin: ORIGIN });
      // The card's slot asks the same rule (quietly) whether to keep the offer's place.
      expect(insuranceOfferShows({ leadId: 1, thimbleUrl: value }, false, [])).toBe(href !== null);
      return href;
    },
    fallback: null,
    kept: [['https://insure.example.com/q?ref=x', 'https://insure.example.com/q?ref=x']],
    input: INSURER_INPUT,
  },
  {
    // Customer text: a link only where the text holds one of the gate's schemes; anything else stays text (no line: nothing to fix).
    name: "a customer's message text",
    link: (value) => {
      const links = linkify(`see ${value} now`).filter((part) => part.kind === 'link');
      return links.length ? links.map((part) => (part.kind === 'link' ? part.href : '')).join(' ') : null;
    },
    fallback: null,
    kept: [
      ['https://example.com/a', 'https://example.com/a'],
      ['tel:+15555550100', 'tel:+15555550100'],
    ],
    input: null,
  },
  {
    name: "a message's media (src)",
    link: (value) => checkMediaUrl(value, PAGE, ORIGIN).url ?? null,
    fallback: null,
    kept: [
      ['https://media.example.net/1.jpg', 'https://media.example.net/1.jpg'],
      ['/media/1.jpg', '/media/1.jpg'],
    ],
    // Said by the thread as `media-refused` (thread-media-url.test.tsx).
    input: null,
  },
  {
    // A lead's phone and e-mail become tel:/mailto: links built by leadkit, then the gate: a hostile value is no link.
    name: "a lead's phone or e-mail (tel:, mailto:)",
    link: (value) => safeHref(telHref(value)) ?? safeHref(mailtoHref(value)),
    fallback: null,
    kept: [
      ['(555) 555-0100', 'tel:+15555550100'],
      ['ann@example.com', 'mailto:ann@example.com'],
    ],
    input: null,
  },
  {
    // `lk-navigate` as `<lead-app>` takes it over: only a path of its own, else left to the browser (the link was gated when rendered).
    name: "an in-app navigation (lk-navigate's url)",
    link: (value) => inAppPath(value, '/app', ORIGIN),
    fallback: null,
    kept: [
      ['/app/lead/board/1', '/lead/board/1'],
      [`${ORIGIN}/app/lead?leadId=5&serviceProviderId=1`, '/lead?leadId=5&serviceProviderId=1'],
    ],
    input: null,
  },
];

describe('the URL gate over every source', () => {
  describe.each(SOURCES)('$name', (source) => {
    it.each(HOSTILE)('refuses %j', (value) => {
      const told: SetupProblem[] = [];
      expect(source.link(value, told)).toBe(source.fallback);
      if (source.input === null) return;
      // One problem, naming the input and what was refused — never the value.
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({ cause: 'link-refused', input: source.input });
      expect(JSON.stringify(told[0])).not.toMatch(/alert|msgbox|script>|\/c"|base64/);
    });

    it.each(source.kept)('keeps %j as %j', (value, href) => {
      const told: SetupProblem[] = [];
      expect(source.link(value, told)).toBe(href);
      expect(told).toEqual([]);
    });
  });
});
