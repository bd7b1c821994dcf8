/**
 * `leadGateway`, `officeGateway` and `messageCenterGateway` hold every call they held in 0.2.0:
 * when the calls moved into modules of their own (so a widget loads only the calls it makes),
 * the namespaces lost 40 names, which nothing asked for. They are gathered again by one file per
 * service that only src/index.ts imports (src/gateway/lead/lead-gateway.ts,
 * office/office-gateway.ts, message-center/message-center-gateway.ts): no widget, test or other
 * module reaches a call through them, so each call keeps one import path inside leadkit
 * (eslint/no-reexport.js) and no widget's first load grows.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { leadGateway, messageCenterGateway, officeGateway } from '../src/index';
import { exportedNames, readReport } from '../scripts/api-report';

const ROOT = path.resolve(__dirname, '..');

/** The calls (and values) each namespace lost when the calls moved out of calls.ts, by the module that declares them now. */
const RESTORED = {
  leadGateway: {
    'gateway/lead/funnel/calls.ts': [
      'getReviewsByServiceProvider',
      'getLeadServiceProviders',
      'getServiceProviderDetails',
      'getTaxonomyCategory',
      'getCombinedProviderDetails',
      'getCityAndStateByPostalCode',
      'getSuggestions',
      'getPostalCodeEligibility',
      'getProviderComparison',
      'createLeadV1',
      'createLeadV3',
      'fetchLead',
      'assignLeadV1',
      'assignLeadV2',
      'getProjects',
      'getTopCategories',
      'autocompleteCategories',
      'sendHandyLead',
      'getFollowUpDeals',
      'sendProSelection',
      'markHired',
      'updateUserPhone',
    ],
    'gateway/lead/funnel/one-time-token-calls.ts': [
      'issueOneTimeToken',
      'renewOneTimeToken',
      'expireOneTimeToken',
      'OneTimeTokenSchema',
      'OneTimeTokenRenewalSchema',
      'OneTimeTokenExpiredSchema',
    ],
    'gateway/lead/provider-lead-calls.ts': ['getProviderLeadV1', 'getProviderLeadV2'],
    'gateway/lead/contact-calls.ts': ['getContactsByIds', 'createContact'],
  },
  officeGateway: {
    'gateway/lead/provider-lead-calls.ts': ['getDashboardLead'],
    'gateway/office/feedback.ts': ['submitLeadFeedback'],
    'gateway/office/categories.ts': ['getProviderCategories'],
    'gateway/office/registered-numbers.ts': ['registerPhoneNumber', 'getRegisteredPhoneNumbers'],
    'gateway/office/lead-counts.ts': ['getLeadCounts'],
  },
  messageCenterGateway: {
    'gateway/message-center/chat-session.ts': ['getChatSession'],
  },
} satisfies Record<string, Record<string, string[]>>;
/** The one type among them (`leadGateway.OneTimeToken`): in the report, not at run time. */
const RESTORED_TYPES = ['leadGateway.OneTimeToken'];
const NAMESPACES = { leadGateway, officeGateway, messageCenterGateway } as Record<keyof typeof RESTORED, Record<string, unknown>>;

/** The shipped sources: src/ and the sandbox's, tests and stories included (a `vi.mock` of one path must reach every importer). */
function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(file);
    return /\.(ts|tsx|js|mjs)$/.test(entry.name) ? [file] : [];
  });
}

describe('the gateway namespaces of `leadkit`', () => {
  it('hold every call they held in 0.2.0, at run time', () => {
    for (const [namespace, modules] of Object.entries(RESTORED)) {
      const missing = Object.values(modules)
        .flat()
        .filter((name) => NAMESPACES[namespace as keyof typeof RESTORED][name] === undefined);
      expect(missing, namespace).toEqual([]);
    }
    expect(officeGateway.getDashboardLead).toBe(leadGateway.getProviderLeadV2);
    expect(Object.keys(leadGateway)).toHaveLength(41);
    expect(Object.keys(officeGateway)).toHaveLength(12);
    expect(Object.keys(messageCenterGateway)).toHaveLength(5);
  });

  it('are in the committed report with every one of those names, the type included', () => {
    const names = new Set(exportedNames(readReport('leadkit') ?? ''));
    const expected = [
      ...Object.entries(RESTORED).flatMap(([namespace, modules]) => Object.values(modules).flatMap((list) => list.map((name) => `${namespace}.${name}`))),
      ...RESTORED_TYPES,
    ];
    expect(expected).toHaveLength(40);
    expect(expected.filter((name) => !names.has(name))).toEqual([]);
  });

  it('name modules that still declare those calls', () => {
    for (const modules of Object.values(RESTORED)) {
      for (const [module, list] of Object.entries(modules)) {
        const source = readFileSync(path.join(ROOT, 'src', module), 'utf8');
        for (const name of list) {
          const declared = name === 'getDashboardLead' ? 'getProviderLeadV2' : name;
          expect(source, `${module} declares ${declared}`).toMatch(new RegExp(`export (async function|const) ${declared}\\b`));
        }
      }
    }
  });

  it('are what the gateway modules say gathers them: no module says another re-exports it', () => {
    const stale = sourceFiles('src/gateway').filter(
      (file) => !file.includes('.test.') && /re-?exported (here|by)/i.test(readFileSync(path.join(ROOT, file), 'utf8')),
    );
    expect(stale).toEqual([]);
  });

  it('are gathered by files that no module but src/index.ts imports', () => {
    const GATHERING = /(^|\/)(lead-gateway|office-gateway|message-center-gateway)(\.ts)?$/;
    const importers = ['src', 'packages/sandbox/src', 'stories', 'examples'].flatMap(sourceFiles).filter((file) => {
      const source = readFileSync(path.join(ROOT, file), 'utf8');
      return [...source.matchAll(/(?:from\s+|import\s*\(\s*|vi\.mock\(\s*)['"]([^'"]+)['"]/g)].some((match) => GATHERING.test(match[1]!));
    });
    expect(importers).toEqual(['src/index.ts']);
  });
});
