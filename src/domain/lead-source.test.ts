import { describe, expect, it } from 'vitest';
import { enUS } from '../i18n/en-US';
import { LEAD_SOURCES, isLeadSource } from './lead-source';

describe('LEAD_SOURCES', () => {
  it('holds exactly the six spec sources in the gateway spelling', () => {
    expect(LEAD_SOURCES).toEqual(['Redemption', 'RequestAQuote', 'SR_RAQ', 'HA_OL_RAQ', 'ProDirMsgCallOptIn', 'ProDirMsgCallOptOut']);
  });
});

describe('isLeadSource', () => {
  it('accepts every source', () => {
    for (const source of LEAD_SOURCES) expect(isLeadSource(source)).toBe(true);
  });

  it('rejects near misses and non-strings', () => {
    expect(isLeadSource('SR-RAQ')).toBe(false);
    expect(isLeadSource('requestaquote')).toBe(false);
    expect(isLeadSource(undefined)).toBe(false);
    expect(isLeadSource(1)).toBe(false);
  });
});

describe('the catalogue', () => {
  it('has a label for every source', () => {
    for (const source of LEAD_SOURCES) expect(enUS[`leadSource.${source}`]).toEqual(expect.any(String));
  });
});
