import { parse, type FormMetadata, type Submission } from '@conform-to/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';

/** Conform's moments to validate a field. */
type Moment = 'onSubmit' | 'onBlur' | 'onInput';
type Validator<S extends z.ZodType> = (formData: FormData) => Submission<z.input<S>, string[], z.output<S>>;
/** What the hook needs of Conform's form metadata (useForm's first value). */
type ConformForm = Pick<FormMetadata, 'status' | 'validate'>;
type Submitter = HTMLButtonElement | HTMLInputElement | null;
type OnValidate<S extends z.ZodType> = (context: { form: HTMLFormElement; formData: FormData; submitter: Submitter }) => Submission<
  z.input<S>,
  string[],
  z.output<S>
>;

/**
 * Client-side validation whose schema (and zod, and @conform-to/zod) is downloaded on the
 * user's first focus inside the form instead of with the page (docs/decisions/063):
 *
 *   const validation = useLazyValidation(() => import('./login.schema').then((m) => m.loginFormSchema),
 *     { shouldValidate: 'onBlur', shouldRevalidate: 'onInput' });
 *   const [form, fields] = useForm({ id, lastResult, ...validation.options });
 *   <Form {...getFormProps(form)} {...validation.formProps(form)}>
 *
 * Until the validator is there, nothing is validated in the page: a submission goes to the
 * action, which validates it as it does without JavaScript (or, with `waitOnSubmit`, waits for
 * the validator), and no field sends anything on blur. Once it is there, the form's own
 * moments apply, and the fields the user already left are validated at once.
 */
export function useLazyValidation<S extends z.ZodType>(
  load: () => Promise<S>,
  moments: {
    shouldValidate: Moment;
    shouldRevalidate: Moment;
    /**
     * A submission made before the validator arrived waits for it and is then checked in the
     * page, instead of going to the server: for forms whose submission is costly (files).
     */
    waitOnSubmit?: boolean;
  },
) {
  const [validator, setValidator] = useState<Validator<S> | null>(null);
  const loading = useRef<Promise<void> | null>(null);
  const failed = useRef(false);
  const formElement = useRef<HTMLFormElement | null>(null);
  const conform = useRef<ConformForm | null>(null);
  /** Fields Conform would have validated (left, or typed in) while the validator was on its way. */
  const pending = useRef(new Set<string>());
  /** A submission held until the validator arrives (waitOnSubmit). */
  const heldSubmit = useRef<{ submitter: Submitter } | null>(null);

  function start() {
    if (loading.current) return;
    failed.current = false;
    loading.current = Promise.all([load(), import('@conform-to/zod/v4')]).then(
      ([schema, { parseWithZod }]) => setValidator(() => (formData: FormData) => parseWithZod(formData, { schema })),
      (error: unknown) => {
        // The action still validates; the next focus tries again.
        console.warn('[validation] the form validator could not be loaded', error);
        loading.current = null;
        failed.current = true;
        // A held submission goes to the action after all.
        resubmit();
      },
    );
  }

  function resubmit() {
    const held = heldSubmit.current;
    heldSubmit.current = null;
    const element = formElement.current;
    if (!held || !element?.isConnected) return;
    const submitter = held.submitter?.isConnected && held.submitter.form === element ? held.submitter : null;
    element.requestSubmit(submitter);
  }

  /** Before the validator: lets a submission through to the action, holds it, or applies a control (update...). */
  const withoutValidator: OnValidate<S> = ({ form, formData, submitter }) =>
    // Never a success, so its value's type is a formality.
    parse<z.output<S>, string[]>(formData, {
      resolve: (_payload, intent) => {
        if (!intent) {
          // A submission checks every field, so no field needs its own validation afterwards.
          pending.current.clear();
          if (!moments.waitOnSubmit || failed.current) return { error: null };
          formElement.current = form;
          heldSubmit.current = { submitter };
          start();
        }
        // Every message stays as it is (null keeps a field's error), and the submission is stopped.
        const keep: Record<string, null> = { '': null };
        for (const name of formData.keys()) keep[name] = null;
        return { error: keep };
      },
    });

  // The validator arrived: a held submission goes again; otherwise the fields already left are validated.
  useEffect(() => {
    if (!validator) return;
    if (heldSubmit.current) {
      pending.current.clear();
      resubmit();
      return;
    }
    const form = conform.current;
    if (form && formElement.current?.isConnected) {
      for (const name of pending.current) form.validate({ name });
    }
    pending.current.clear();
  }, [validator]);

  /** Notes a field Conform would have validated on this event, had the validator been there. */
  function note(event: FormEvent<HTMLFormElement>, moment: Moment) {
    const field = event.target as Partial<HTMLInputElement>;
    if (!field.name || field.form !== event.currentTarget) return;
    // After an answer of the server every field it checked counts as validated: then revalidation applies.
    const validated = conform.current?.status !== undefined;
    if ((validated ? moments.shouldRevalidate : moments.shouldValidate) === moment) pending.current.add(field.name);
  }

  const onValidate: OnValidate<S> = validator ? ({ formData }) => validator(formData) : withoutValidator;
  return {
    /** For Conform's useForm. */
    options: {
      onValidate,
      shouldValidate: validator ? moments.shouldValidate : ('onSubmit' as Moment),
      shouldRevalidate: validator ? moments.shouldRevalidate : ('onSubmit' as Moment),
    },
    /** For the <form>, given useForm's form: the first focus inside it starts the download. */
    formProps(form: ConformForm) {
      if (validator) return {};
      return {
        onFocus(event: FormEvent<HTMLFormElement>) {
          formElement.current = event.currentTarget;
          conform.current = form;
          start();
        },
        onBlur(event: FormEvent<HTMLFormElement>) {
          conform.current = form;
          note(event, 'onBlur');
        },
        onInput(event: FormEvent<HTMLFormElement>) {
          conform.current = form;
          note(event, 'onInput');
        },
      };
    },
  };
}
