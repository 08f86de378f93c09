import { describe, expect, it } from 'vitest';
import { parseTicketId } from './ticket-id';

describe('parseTicketId', () => {
  it('reads 1 to 15 digits as the id', () => {
    expect(parseTicketId('1')).toBe(1);
    expect(parseTicketId('266')).toBe(266);
    expect(parseTicketId('999999999999999')).toBe(999_999_999_999_999);
  });

  it.each([undefined, '', '0', '000', '-1', '1.5', '1e3', ' 12', 'abc', '12a', '1234567890123456'])('refuses %j', (text) => {
    expect(parseTicketId(text)).toBeNull();
  });
});
