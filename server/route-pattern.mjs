// The route pattern a page or data request matched ("/events/:id"), for the access log and
// the metrics: never the URL itself, which may carry personal data (a reset link's token).
import { matchRoutes } from 'react-router';

/** React Router's single-fetch data requests: "/events/12.data", and "/_root.data" for "/". */
const DATA_SUFFIX = '.data';

/** Builds the matcher once from the server build's flat route table. */
export function routePatternMatcher(buildRoutes) {
  const children = new Map();
  for (const route of Object.values(buildRoutes)) {
    const siblings = children.get(route.parentId) ?? [];
    siblings.push(route);
    children.set(route.parentId, siblings);
  }
  const tree = (parentId) =>
    (children.get(parentId) ?? []).map((route) => ({
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      children: route.index ? undefined : tree(route.id),
    }));
  const routes = tree(undefined);
  return (pathname) => {
    let path = pathname;
    if (path.endsWith(DATA_SUFFIX)) path = path === '/_root.data' ? '/' : path.slice(0, -DATA_SUFFIX.length);
    const matches = matchRoutes(routes, path);
    if (!matches) return '(none)';
    const pattern = matches
      .map((match) => match.route.path)
      .filter(Boolean)
      .join('/');
    return `/${pattern}`.replace(/\/{2,}/g, '/');
  };
}
