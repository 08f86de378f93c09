import { describe, expect, it } from 'vitest';
import { apiPathPattern } from './metrics.server';

describe('apiPathPattern', () => {
  it('turns ids, UUIDs and e-mails into ":id", so labels stay few and hold no personal data', () => {
    expect(apiPathPattern('/api/ticket/123/comment')).toBe('/api/ticket/:id/comment');
    expect(apiPathPattern('/api/notification/profile/0f8fad5b-d9cb-469f-a165-70867728950e')).toBe('/api/notification/profile/:id');
    expect(apiPathPattern('/api/profile/forgotten/ana%40correo.cl')).toBe('/api/profile/forgotten/:id');
    expect(apiPathPattern('/api/ticket/list/me')).toBe('/api/ticket/list/me');
  });
});
