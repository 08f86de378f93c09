import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FullScreenPlaceholder } from './full-screen-placeholder';

const render = (signedIn: boolean) =>
  renderToString(
    <MemoryRouter>
      <FullScreenPlaceholder signedIn={signedIn} />
    </MemoryRouter>,
  );

describe('the full-screen placeholder (docs/specification.md, "Layout")', () => {
  it('shows the logo linking to "/" for a signed-in user', () => {
    const html = render(true);
    expect(html).toContain('href="/"');
    expect(html).toContain('class="logo"');
    expect(html).not.toContain('Atención de usuarios');
  });

  it('shows the title otherwise', () => {
    const html = render(false);
    expect(html).toContain('Atención de usuarios');
    expect(html).not.toContain('href="/"');
  });
});
