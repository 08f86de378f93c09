import { describe, expect, it } from 'vitest';
import { z } from './zod';
import { payloadOf } from './envelope';

describe('payloadOf', () => {
  const item = z.object({ id: z.number() });

  it('reads the payload of a successful answer and refuses another shape', () => {
    expect(payloadOf(item).parse({ payload: { id: 1 } })).toEqual({ payload: { id: 1 } });
    expect(payloadOf(item).safeParse({ payload: { id: '1' } }).success).toBe(false);
    expect(payloadOf(item).safeParse({ errors: { message: 'x' } }).success).toBe(false);
  });

  it('builds one envelope per schema, kept for every later call', () => {
    expect(payloadOf(item)).toBe(payloadOf(item));
    expect(payloadOf(z.array(item))).not.toBe(payloadOf(item));
  });
});
