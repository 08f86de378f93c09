import { describe, expect, it } from 'vitest';
import { describeDevice } from './device.server';

describe('describeDevice', () => {
  it('names the browser and the system a session was opened from', () => {
    expect(describeDevice('Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.8078.73 Mobile Safari/537.36')).toBe('Chrome 156 en Android 14');
    expect(describeDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1')).toMatch(/^Safari 18 en iOS/);
  });
  it('says nothing it cannot read', () => {
    expect(describeDevice(null)).toBeNull();
    expect(describeDevice('curl/8.5.0')).toBeNull();
  });
});
