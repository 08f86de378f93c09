// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SubmitButton } from './submit-button';

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

let root: Root | undefined;
let container: HTMLElement | undefined;
afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  vi.useRealTimers();
});

/** A form whose submission the page handles itself (nothing navigates), counting what was sent. */
function renderForm(sent: string[], pendingLabel?: string) {
  container = document.createElement('div');
  document.body.append(container);
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            sent.push('sent');
          }}
        >
          <input name="comment" defaultValue="Hola" />
          <SubmitButton pendingLabel={pendingLabel}>Comentar</SubmitButton>
        </form>
      ),
    },
  ]);
  root = createRoot(container);
  act(() => root!.render(<RouterProvider router={router} />));
  return container.querySelector('button')!;
}

describe('the submit button of a form that writes', () => {
  it('sends the form once however often it is pressed, and says "Enviando..." meanwhile', () => {
    const sent: string[] = [];
    const button = renderForm(sent);
    expect(button.textContent).toBe('Comentar');
    act(() => button.click());
    act(() => button.click());
    act(() => button.click());
    expect(sent).toHaveLength(1);
    expect(button.disabled).toBe(true);
    expect(button.textContent).toBe('Enviando...');
  });

  it("keeps the form's own label for its pending state", () => {
    const button = renderForm([], 'Registrando y cargando archivos…');
    act(() => button.click());
    expect(button.textContent).toBe('Registrando y cargando archivos…');
  });

  it('is pressed again once the person edits the form, or when nothing went out after all', () => {
    vi.useFakeTimers();
    const sent: string[] = [];
    const button = renderForm(sent);
    act(() => button.click());
    expect(button.disabled).toBe(true);
    act(() => {
      container!.querySelector('input')!.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(button.disabled).toBe(false);
    act(() => button.click());
    expect(sent).toHaveLength(2);
    act(() => {
      vi.advanceTimersByTime(1_600);
    });
    expect(button.disabled).toBe(false);
    expect(button.textContent).toBe('Comentar');
  });
});
