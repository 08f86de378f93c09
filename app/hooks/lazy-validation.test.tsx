// @vitest-environment happy-dom
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useLazyValidation } from './lazy-validation';

const schema = z.object({
  email: z.string({ error: 'Falta el correo' }).email('Correo no válido'),
  name: z.string({ error: 'Falta el nombre' }).min(2, 'Nombre muy corto'),
});
type Schema = typeof schema;

/** A schema download the test lets finish when it wants. */
function deferredLoad() {
  let finish: (value: Schema) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const load = vi.fn(
    () =>
      new Promise<Schema>((resolve, reject) => {
        finish = resolve;
        fail = reject;
      }),
  );
  return { load, finish: (value: Schema = schema) => finish(value), fail: (error = new Error('offline')) => fail(error) };
}

/** What reached the form's submit handler, and whether validation stopped it there. */
let submissions: { prevented: boolean; intent: boolean }[];

function TestForm({ load, waitOnSubmit, lastResult }: { load: () => Promise<Schema>; waitOnSubmit?: boolean; lastResult?: SubmissionResult }) {
  const validation = useLazyValidation(load, { shouldValidate: 'onBlur', shouldRevalidate: 'onInput', waitOnSubmit });
  const [form, fields] = useForm({ id: 'test', lastResult, ...validation.options });
  const formProps = getFormProps(form);
  return (
    <form
      {...formProps}
      {...validation.formProps(form)}
      onSubmit={(event) => {
        formProps.onSubmit(event);
        submissions.push({ prevented: event.defaultPrevented, intent: ((event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null)?.name === '__intent__' });
        event.preventDefault();
      }}
    >
      <input id="email" name={fields.email.name} />
      <p id="email-error">{fields.email.errors?.[0] ?? ''}</p>
      <input id="name" name={fields.name.name} />
      <p id="name-error">{fields.name.errors?.[0] ?? ''}</p>
      <button type="submit" name="intent" value="create" onClick={(event) => event.currentTarget.focus()}>
        Enviar
      </button>
      <button type="button" id="fill" onClick={() => form.update({ name: fields.name.name, value: 'Ana' })}>
        Rellenar
      </button>
    </form>
  );
}

let root: Root;
let container: HTMLElement;
const $ = <T extends HTMLElement = HTMLInputElement>(selector: string) => container.querySelector(selector) as T;
const errorOf = (name: string) => $(`#${name}-error`).textContent;

async function type(selector: string, value: string) {
  await act(async () => {
    const input = $(selector);
    input.focus();
    input.value = value;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
async function leave(selector: string) {
  await act(async () => $(selector).blur());
}
async function submit() {
  await act(async () => $<HTMLButtonElement>('button[type="submit"]').click());
}
/** Lets the dynamic imports settle and React render. */
async function settle() {
  for (let i = 0; i < 5; i++) await act(() => new Promise((resolve) => setTimeout(resolve, 5)));
}

beforeAll(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  // Transformed once here, so the hook's own import of it is quick.
  await import('@conform-to/zod/v4');
});

beforeEach(() => {
  submissions = [];
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  vi.restoreAllMocks();
});

describe('useLazyValidation', () => {
  it('downloads nothing until the first focus inside the form', async () => {
    const { load } = deferredLoad();
    await act(async () => root.render(<TestForm load={load} />));
    expect(load).not.toHaveBeenCalled();
    await type('#email', 'x');
    expect(load).toHaveBeenCalledTimes(1);
    await type('#name', 'y');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('before the validator arrives: no message, nothing sent on blur, and a submission goes on to the action', async () => {
    const { load } = deferredLoad();
    await act(async () => root.render(<TestForm load={load} />));
    await type('#email', 'no-es-correo');
    await leave('#email');
    expect(submissions).toEqual([]);
    expect(errorOf('email')).toBe('');

    await submit();
    expect(submissions).toEqual([{ prevented: false, intent: false }]);
    expect(errorOf('email')).toBe('');
    expect(errorOf('name')).toBe('');
  });

  it('applies a control (update) before the validator arrives without submitting anything', async () => {
    const { load } = deferredLoad();
    await act(async () => root.render(<TestForm load={load} />));
    await act(async () => $<HTMLButtonElement>('#fill').click());
    expect(submissions).toEqual([{ prevented: true, intent: true }]);
    await settle();
    expect($('#name').value).toBe('Ana');
    expect(errorOf('name')).toBe('');
  });

  it("keeps the server's messages through a control made before the validator arrives", async () => {
    const { load } = deferredLoad();
    const answer: SubmissionResult = {
      status: 'error',
      initialValue: { email: 'ana@correo.cl', name: '' },
      error: { email: ['El correo ya se encuentra registrado'], name: ['Falta el nombre'] },
      fields: ['email', 'name'],
    };
    await act(async () => root.render(<TestForm load={load} lastResult={answer} />));
    expect(errorOf('email')).toBe('El correo ya se encuentra registrado');
    await act(async () => $<HTMLButtonElement>('#fill').click());
    await settle();
    expect($('#name').value).toBe('Ana');
    expect(errorOf('email')).toBe('El correo ya se encuentra registrado');
  });

  it("once it arrives, a bad value shows the schema's message on blur, and typing revalidates", async () => {
    const { load, finish } = deferredLoad();
    await act(async () => root.render(<TestForm load={load} />));
    await act(async () => $('#email').focus());
    finish();
    await settle();

    await type('#email', 'no-es-correo');
    expect(errorOf('email')).toBe('');
    await leave('#email');
    expect(errorOf('email')).toBe('Correo no válido');
    expect(submissions.every((s) => s.prevented && s.intent)).toBe(true);

    await type('#email', 'ana@correo.cl');
    expect(errorOf('email')).toBe('');
    // A field not left yet says nothing.
    expect(errorOf('name')).toBe('');

    await submit();
    expect(errorOf('name')).toBe('Falta el nombre');
    expect(submissions.at(-1)).toEqual({ prevented: true, intent: false });
  });

  it('validates the fields left before it arrived, and only those', async () => {
    const { load, finish } = deferredLoad();
    await act(async () => root.render(<TestForm load={load} />));
    await type('#email', 'no-es-correo');
    await leave('#email');
    await act(async () => $('#name').focus());
    expect(errorOf('email')).toBe('');

    finish();
    await settle();
    expect(errorOf('email')).toBe('Correo no válido');
    // Still being typed in: its turn comes when it is left.
    expect(errorOf('name')).toBe('');
    await leave('#name');
    expect(errorOf('name')).toBe('Falta el nombre');
  });

  it('with waitOnSubmit, holds a submission until it arrives and then checks it in the page', async () => {
    const { load, finish } = deferredLoad();
    await act(async () => root.render(<TestForm load={load} waitOnSubmit />));
    await submit();
    expect(load).toHaveBeenCalledTimes(1);
    expect(submissions).toEqual([{ prevented: true, intent: false }]);
    expect(errorOf('email')).toBe('');

    finish();
    await settle();
    expect(submissions).toEqual([
      { prevented: true, intent: false },
      { prevented: true, intent: false },
    ]);
    expect(errorOf('email')).toBe('Falta el correo');
    expect(errorOf('name')).toBe('Falta el nombre');
  });

  it('with waitOnSubmit, a valid held submission goes on once checked, with its button', async () => {
    const { load, finish } = deferredLoad();
    await act(async () => root.render(<TestForm load={load} waitOnSubmit />));
    let sentIntent: FormDataEntryValue | null = null;
    container.querySelector('form')!.addEventListener('submit', (event) => {
      sentIntent = new FormData(event.target as HTMLFormElement, (event as SubmitEvent).submitter).get('intent');
    });
    await type('#email', 'ana@correo.cl');
    await type('#name', 'Ana');
    await submit();
    finish();
    await settle();
    expect(submissions.at(-1)).toEqual({ prevented: false, intent: false });
    expect(sentIntent).toBe('create');
  });

  it('when the download fails, the form keeps working through the action and the next focus tries again', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const first = deferredLoad();
    await act(async () => root.render(<TestForm load={first.load} waitOnSubmit />));
    await submit();
    first.fail();
    await settle();
    // The held submission went on to the action.
    expect(submissions.at(-1)).toEqual({ prevented: false, intent: false });
    await act(async () => $('#email').focus());
    expect(first.load).toHaveBeenCalledTimes(2);
  });
});
