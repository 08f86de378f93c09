import { describe, expect, it } from 'vitest';
import { routePatternMatcher } from './route-pattern.mjs';

/** The shape of React Router's server build route table, as server/web.mjs reads it. */
const routes = {
  root: { id: 'root', path: '' },
  'routes/home': { id: 'routes/home', parentId: 'root', index: true },
  'routes/login': { id: 'routes/login', parentId: 'root', path: 'user/login' },
  'routes/area': { id: 'routes/area', parentId: 'root', path: ':area' },
  'routes/events': { id: 'routes/events', parentId: 'routes/area', path: 'events' },
  'routes/event': { id: 'routes/event', parentId: 'routes/area', path: 'events/:id' },
  'routes/not-found': { id: 'routes/not-found', parentId: 'root', path: '*' },
};

describe('routePatternMatcher', () => {
  const patternOf = routePatternMatcher(routes);

  it('names a page by its pattern, never by its values', () => {
    expect(patternOf('/')).toBe('/');
    expect(patternOf('/user/login')).toBe('/user/login');
    expect(patternOf('/driver/events/123')).toBe('/:area/events/:id');
    expect(patternOf('/no/existe/aqui/ya')).toBe('/*');
  });

  it('names a data request as its page', () => {
    expect(patternOf('/driver/events/123.data')).toBe('/:area/events/:id');
    expect(patternOf('/_root.data')).toBe('/');
  });
});
