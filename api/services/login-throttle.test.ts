import { describe, expect, it } from 'vitest';
import { LoginThrottle } from './login-throttle';

describe('LoginThrottle', () => {
  const limits = { windowMs: 60_000, perAccount: 3, perAddress: 5 };

  it('lets attempts through until the account limit, then says how long to wait', () => {
    let now = 1_000_000;
    const throttle = new LoginThrottle(limits, () => now);
    for (let i = 0; i < 3; i++) {
      expect(throttle.retryAfterSeconds('a@x.cl', '1.1.1.1')).toBe(0);
      throttle.recordFailure('a@x.cl', '1.1.1.1');
      now += 1000;
    }
    expect(throttle.retryAfterSeconds('a@x.cl', '1.1.1.1')).toBe(57);
    now += 57_000;
    expect(throttle.retryAfterSeconds('a@x.cl', '1.1.1.1')).toBe(0);
  });

  it('forgets an account failures after a correct password', () => {
    const throttle = new LoginThrottle(limits);
    throttle.recordFailure('a@x.cl', '1.1.1.1');
    throttle.recordFailure('a@x.cl', '1.1.1.1');
    throttle.recordSuccess('a@x.cl');
    throttle.recordFailure('a@x.cl', '1.1.1.1');
    throttle.recordFailure('a@x.cl', '1.1.1.1');
    expect(throttle.retryAfterSeconds('a@x.cl', '2.2.2.2')).toBe(0);
  });

  it('limits one address across accounts', () => {
    const throttle = new LoginThrottle(limits);
    for (let i = 0; i < 5; i++) throttle.recordFailure(`u${i}@x.cl`, '9.9.9.9');
    expect(throttle.retryAfterSeconds('other@x.cl', '9.9.9.9')).toBeGreaterThan(0);
    expect(throttle.retryAfterSeconds('other@x.cl', '8.8.8.8')).toBe(0);
  });
});
