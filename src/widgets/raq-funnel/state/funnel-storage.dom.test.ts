import { afterEach, describe, expect, it } from 'vitest';
import type { PersistedFunnel } from '../../../domain/funnel/session';
import { clearPersistedFunnel, funnelStorageKey, readPersistedFunnel, sessionStorageOrNull, writePersistedFunnel, type FunnelStorage } from './funnel-storage';

const record: PersistedFunnel = {
  isAuthenticatedWorkflow: false,
  entryPointReferrer: 'cms-home',
  step: 'summary',
  categoryId: 100,
  categoryName: 'Plumbing',
  taskCategoryId: null,
  taskCategoryName: null,
  postalCode: '80202',
  serviceProviderId: 1001,
  leadId: 400001,
};

describe('funnel storage (sessionStorage, valibot-checked)', () => {
  const key = funnelStorageKey();
  afterEach(() => sessionStorage.clear());

  it('uses a namespaced, versioned key per scope', () => {
    expect(funnelStorageKey()).toBe('leadkit:raq-funnel:v1:default');
    expect(funnelStorageKey('partner-2')).toBe('leadkit:raq-funnel:v1:partner-2');
  });

  it('writes and reads back the record in this tab’s sessionStorage', () => {
    const storage = sessionStorageOrNull();
    writePersistedFunnel(storage, key, record);
    expect(JSON.parse(sessionStorage.getItem(key)!)).toEqual(record);
    expect(readPersistedFunnel(storage, key)).toEqual(record);
    clearPersistedFunnel(storage, key);
    expect(sessionStorage.getItem(key)).toBeNull();
    expect(readPersistedFunnel(storage, key)).toBeNull();
  });

  it('writes only the allowed fields, whatever the object carries', () => {
    const sneaky = { ...record, token: 'ott_secret', contact: { email: 'casey@example.com' } } as PersistedFunnel;
    writePersistedFunnel(sessionStorage, key, sneaky);
    const written = sessionStorage.getItem(key)!;
    expect(written).not.toContain('ott_secret');
    expect(written).not.toContain('casey@example.com');
    expect(JSON.parse(written)).toEqual(record);
  });

  it('drops unknown keys on read and removes a record that does not fit', () => {
    sessionStorage.setItem(key, JSON.stringify({ ...record, phoneNumber: '3035550177' }));
    expect(readPersistedFunnel(sessionStorage, key)).toEqual(record);
    for (const bad of [
      'not json',
      JSON.stringify({ ...record, step: 'checkout' }),
      JSON.stringify({ ...record, postalCode: '8020' }),
      JSON.stringify({ ...record, leadId: -3 }),
    ]) {
      sessionStorage.setItem(key, bad);
      expect(readPersistedFunnel(sessionStorage, key)).toBeNull();
      expect(sessionStorage.getItem(key)).toBeNull();
    }
  });

  it('never throws when storage is missing or refuses', () => {
    const refusing: FunnelStorage = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    };
    expect(readPersistedFunnel(refusing, key)).toBeNull();
    expect(() => writePersistedFunnel(refusing, key, record)).not.toThrow();
    expect(() => clearPersistedFunnel(refusing, key)).not.toThrow();
    expect(readPersistedFunnel(null, key)).toBeNull();
    expect(() => writePersistedFunnel(null, key, record)).not.toThrow();
  });
});
