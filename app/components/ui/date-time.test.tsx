import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DateTime } from './date-time';

describe('DateTime', () => {
  it('shows Santiago time in es-CL with the instant in dateTime', () => {
    expect(renderToString(<DateTime value="2026-07-01T03:30:00Z" />)).toBe(
      '<time dateTime="2026-07-01T03:30:00.000Z">30-06-2026 23:30</time>',
    );
    expect(renderToString(<DateTime value="2026-11-21T17:05:00Z" dateOnly />)).toContain('>21-11-2026<');
  });

  it('renders nothing for an invalid value', () => {
    expect(renderToString(<DateTime value="mañana" />)).toBe('');
  });
});
