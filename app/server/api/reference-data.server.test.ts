import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '~/server/api/api-client.server';
import { forgetAll } from './api-cache.server';
import { classificationsFor, forgetOperators, operatorsFor } from './reference-data.server';

/** An API client that counts its calls and answers each path with `answers[path]()`. */
function fakeApi(answers: Record<string, () => unknown>) {
  const calls: string[] = [];
  const api = {
    get: async (path: string) => {
      calls.push(path);
      return answers[path]!();
    },
    shared: () => api,
  } as unknown as ApiClient;
  return { api, calls };
}

afterEach(() => {
  forgetAll();
  vi.useRealTimers();
});

describe('reference data shared by the screens', () => {
  it('asks the API once per role for 30 seconds', async () => {
    vi.useFakeTimers();
    const { api, calls } = fakeApi({ '/api/ticket/category': () => [{ id: 1 }] });
    expect(await classificationsFor(api, 'OPERATOR')).toEqual([{ id: 1 }]);
    await classificationsFor(api, 'OPERATOR');
    expect(calls).toHaveLength(1);
    await classificationsFor(api, 'DRIVER');
    expect(calls).toHaveLength(2);
    vi.advanceTimersByTime(30_000);
    await classificationsFor(api, 'OPERATOR');
    expect(calls).toHaveLength(2);
    vi.advanceTimersByTime(1);
    await classificationsFor(api, 'OPERATOR');
    expect(calls).toHaveLength(3);
  });

  it('never gives one role what the API answered another', async () => {
    const staff = fakeApi({ '/api/profile/operator': () => [{ id: 'op', name: 'Ana' }] });
    await operatorsFor(staff.api, 'SUPERVISOR');
    const refused = fakeApi({
      '/api/profile/operator': () => {
        throw new Response(null, { status: 403 });
      },
    });
    await expect(operatorsFor(refused.api, 'DRIVER')).rejects.toBeInstanceOf(Response);
  });

  it('keeps no failure, and forgets the operators when told an account changed', async () => {
    let fail = true;
    let name = 'Ana';
    const { api, calls } = fakeApi({
      '/api/profile/operator': () => {
        if (fail) throw new Error('down');
        return [{ id: 'op', name }];
      },
    });
    await expect(operatorsFor(api, 'ADMIN')).rejects.toThrow('down');
    fail = false;
    expect(await operatorsFor(api, 'ADMIN')).toEqual([{ id: 'op', name: 'Ana' }]);
    name = 'Ana María';
    expect(await operatorsFor(api, 'ADMIN')).toEqual([{ id: 'op', name: 'Ana' }]);
    forgetOperators();
    expect(await operatorsFor(api, 'ADMIN')).toEqual([{ id: 'op', name: 'Ana María' }]);
    expect(calls).toHaveLength(3);
  });
});
