export declare function routePatternMatcher(
  buildRoutes: Record<string, { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean }>,
): (pathname: string) => string;
