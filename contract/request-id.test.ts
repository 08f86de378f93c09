import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { requestIdFrom } from './request-id.mjs';

const VALID = /^[A-Za-z0-9._-]{8,64}$/;

describe('requestIdFrom', () => {
  it('keeps an id a trusted load balancer or the web app chose', () => {
    expect(requestIdFrom('web-abc-12345', true)).toBe('web-abc-12345');
    expect(requestIdFrom(['0f8fad5b-d9cb-469f-a165-70867728950e', 'otro-id-1234'], true)).toBe('0f8fad5b-d9cb-469f-a165-70867728950e');
  });

  it('makes a new id when the caller is not trusted, whatever it sent', () => {
    expect(requestIdFrom('web-abc-12345')).not.toBe('web-abc-12345');
    expect(requestIdFrom('web-abc-12345', false)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('makes a new one for anything else, and always answers an id safe in a header and a log line', () => {
    fc.assert(
      fc.property(fc.option(fc.string({ maxLength: 200 })), (incoming) => {
        const id = requestIdFrom(incoming, true);
        expect(id).toMatch(VALID);
        if (incoming !== null && !VALID.test(incoming)) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      }),
    );
    expect(requestIdFrom(undefined)).not.toBe(requestIdFrom(undefined));
  });
});
