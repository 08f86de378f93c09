import { describe, expect, it } from 'vitest';
import { canonicalJson, fingerprintOf } from './store';

describe('the fingerprint of a request', () => {
  it('is the same for the same data, whatever the order of its keys', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: null } })).toBe('{"a":{"c":null,"d":[1,{"x":1,"y":2}]},"b":1}');
    expect(fingerprintOf('POST', '/api/ticket', { a: 1, b: 'dos' })).toBe(fingerprintOf('post', '/api/ticket', { b: 'dos', a: 1 }));
  });

  it('differs when the method, the URL or any value differs', () => {
    const base = fingerprintOf('POST', '/api/ticket/1/comment', { comment: 'Hola' });
    expect(fingerprintOf('PUT', '/api/ticket/1/comment', { comment: 'Hola' })).not.toBe(base);
    expect(fingerprintOf('POST', '/api/ticket/2/comment', { comment: 'Hola' })).not.toBe(base);
    expect(fingerprintOf('POST', '/api/ticket/1/comment', { comment: 'Hola.' })).not.toBe(base);
    expect(fingerprintOf('POST', '/api/ticket/1/comment', { comment: 'Hola', internal: true })).not.toBe(base);
    // An empty body and none are different requests from one with a field.
    expect(fingerprintOf('POST', '/api/profile/delete/x', {})).not.toBe(fingerprintOf('POST', '/api/profile/delete/x', { a: null }));
  });

  it('of a multipart upload is its method and URL only (a resend has a new boundary)', () => {
    expect(fingerprintOf('POST', '/api/ticket/1/attachment', undefined)).toBe(fingerprintOf('POST', '/api/ticket/1/attachment', undefined));
    expect(fingerprintOf('POST', '/api/ticket/1/attachment', undefined)).not.toBe(fingerprintOf('POST', '/api/ticket/2/attachment', undefined));
  });
});
