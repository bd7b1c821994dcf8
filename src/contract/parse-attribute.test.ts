import { describe, expect, it } from 'vitest';
import { attributeReader } from './parse-attribute';

describe('attributeReader: one reader of a tag’s attributes, for the element and a server render', () => {
  it('knows the tag’s own attributes and those every tag understands, by their kebab-case names', () => {
    const board = attributeReader('lead-board');
    expect(board.propOf('sp-id')).toBe('spId');
    expect(board.propOf('SP-ID')).toBe('spId');
    expect(board.propOf('gateway-url')).toBe('gatewayUrl');
    expect(board.propOf('no-lead-counts')).toBe('noLeadCounts');
    expect(board.propOf('user-id')).toBeUndefined();
    expect(board.propOf('class')).toBeUndefined();
    expect(attributeReader('message-thread').propOf('user-id')).toBe('userId');
  });

  it('reads a text by its type’s rule: a value, invalid (absent and reported), or not the tag’s', () => {
    const thread = attributeReader('message-thread');
    expect(thread.read('sp-id', ' 0012 ')).toEqual({ name: 'spId', value: 12 });
    expect(thread.read('sp-id', '1.5')).toEqual({ name: 'spId', invalid: true });
    expect(thread.read('archived', '')).toEqual({ name: 'archived', value: true });
    expect(thread.read('auth-mode', 'one-time')).toEqual({ name: 'authMode', value: 'one-time' });
    expect(thread.read('auth-mode', 'sometimes')).toEqual({ name: 'authMode', invalid: true });
    expect(thread.read('id', 'x')).toBeNull();
  });

  it('reads a host’s attribute values (a server render’s) as the element would: absent ones and invalid ones left out', () => {
    expect(
      attributeReader('lead-board').props({
        'sp-id': 1001,
        'lead-id': '300002',
        'page-size': 'ten',
        'new-messages': true,
        'set-title': false,
        'auth-mode': 'provider-token',
        'gateway-url': null,
        id: 'board',
      }),
    ).toEqual({ spId: 1001, leadId: 300002, newMessages: true, authMode: 'provider-token' });
  });
});
