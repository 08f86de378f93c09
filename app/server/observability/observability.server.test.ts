import { describe, expect, it } from 'vitest';
import { routeLabel } from './observability.server';

describe('routeLabel', () => {
  it("names a role area's page with its area, and anything else by its pattern alone", () => {
    expect(routeLabel(':area/events/new', 'driver')).toBe('/driver/events/new');
    expect(routeLabel(':area/events/:id', 'operator')).toBe('/operator/events/:id');
    expect(routeLabel(':area', 'admin')).toBe('/admin');
    // An area that does not exist keeps the pattern: one series, whatever was typed.
    expect(routeLabel(':area/events', 'wp-admin')).toBe('/:area/events');
    expect(routeLabel('user/login', undefined)).toBe('/user/login');
    expect(routeLabel('', undefined)).toBe('/');
    expect(routeLabel('*', undefined)).toBe('/*');
  });
});
