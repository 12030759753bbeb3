import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FEATURE_FLAGS } from '@portal/shared/features';
import { isServerPath } from '@portal/shared/server-paths';
import { createQueryClient } from '../lib/query-client';
import { makeEnv } from '../testing/fixtures';
import { createRoutes, isServerRendered } from './router';

/** Every path of the route table, written out from its nested routes (`news/:alias`, `lti/*`…). */
function routePaths(routes: RouteObject[], base = ''): string[] {
  return routes.flatMap((route) => {
    const path = route.path === undefined ? base : `${base}/${route.path}`.replace(/\/+/g, '/');
    const own = route.path === undefined || route.index ? [] : [path];
    return [...own, ...routePaths(route.children ?? [], path)];
  });
}

describe('the route table and the server paths', () => {
  it('has no page at an address the server answers, with every feature on', () => {
    const features = Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, true]));
    const routes = createRoutes({ queryClient: createQueryClient(), env: makeEnv({ features }) });
    const paths = routePaths(routes);
    expect(paths).toEqual(expect.arrayContaining(['/courseware', '/news/:alias', '/events/:alias']));
    // A parameter filled with what an alias may be: lower-case words and hyphens, no dot.
    const addresses = paths.map((path) => path.replace(/:\w+/g, 'an-alias').replace(/\*$/, 'a-page'));
    expect(addresses.filter((address) => isServerPath(address))).toEqual([]);
  });
});

describe('isServerRendered', () => {
  it('leaves to the browser an address whose page depends on who is signed in (issue 34)', () => {
    const routes = createRoutes({ queryClient: createQueryClient(), env: makeEnv() });
    const rendered = (address: string) => isServerRendered(routes, new URL(address, 'http://portal.test'));
    expect(rendered('/courseware')).toBe(true);
    expect(rendered('/courseware?q=xss&browse=1')).toBe(true);
    expect(rendered('/courseware?creating=1')).toBe(false);
    expect(rendered('/courseware?t=abc')).toBe(false);
    expect(rendered('/cr-admin')).toBe(false);
  });
});
