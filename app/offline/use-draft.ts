import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigation, useRouteLoaderData } from 'react-router';
import type { RootLoaderData } from '~/components/shell/general-error-boundary';
import { LOGIN_PATH } from '~/navigation/screens';
import type { DraftAddress, DraftFields } from './drafts';

/** How long typing pauses before the draft is written. */
const SAVE_AFTER_MS = 400;

/** The library itself, loaded when a page first keeps a draft (decision 065's first-load budget). */
const drafts = () => import('./drafts');

let swept = false;

/** What a form holds that a draft keeps: its named text fields, selects and checkboxes; never hidden fields, files or passwords. */
export function readForm(form: HTMLFormElement): DraftFields {
  const fields: DraftFields = {};
  for (const element of Array.from(form.elements)) {
    if (element instanceof HTMLInputElement) {
      if (!element.name || ['hidden', 'file', 'password', 'submit', 'button', 'reset', 'image'].includes(element.type)) continue;
      if (element.type === 'checkbox') fields[element.name] = element.checked;
      else if (element.type === 'radio') {
        if (element.checked) fields[element.name] = element.value;
      } else fields[element.name] = element.value;
    } else if ((element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) && element.name) {
      fields[element.name] = element.value;
    }
  }
  return fields;
}

/** Puts a draft back into the form, as if typed (the form's own listeners hear it). */
export function fillForm(form: HTMLFormElement, fields: DraftFields): void {
  for (const element of Array.from(form.elements)) {
    if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement)) continue;
    if (!element.name || !(element.name in fields)) continue;
    const value = fields[element.name];
    if (element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio')) {
      element.checked = element.type === 'checkbox' ? value === true : element.value === value;
    } else if (typeof value === 'string' && !(element instanceof HTMLInputElement && ['hidden', 'file', 'password'].includes(element.type))) {
      element.value = value;
    } else continue;
    element.dispatchEvent(new Event('input', { bubbles: true }));
    element.dispatchEvent(new Event('change', { bubbles: true }));
  }
}

/**
 * Keeps a draft of the form with this id on the device while the person types (debounced, and
 * at once when it is sent), and puts it back when the form mounts: after a reload, a closed tab, a
 * crash, or signing in again after the session ended (docs/decisions/138-drafts-and-sessions-that-end.md).
 * The draft belongs to the signed-in account (the root loader's user id); there is none without one.
 *
 * `saved` says a draft is kept ("Borrador guardado"); `discard` forgets it once the server has
 * the form. With `discardOnRedirect`, a sending of this form that the server answers by moving to
 * another page (its confirmation) forgets it too; the sign-in page (a session that ended) does not.
 */
export function useDraft(formId: string, form: string, options: { scope?: string | number; discardOnRedirect?: boolean } = {}) {
  const account = useRouteLoaderData<RootLoaderData>('root')?.user?.id ?? null;
  const { scope, discardOnRedirect = false } = options;
  const [saved, setSaved] = useState(false);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const discarded = useRef(false);
  const address: DraftAddress | null = account ? { account, form, scope } : null;
  const key = address ? `${address.account}:${address.form}:${String(address.scope)}` : null;

  const discard = useCallback(() => {
    clearTimeout(pending.current);
    pending.current = undefined;
    discarded.current = true;
    setSaved(false);
    if (account) void drafts().then((d) => d.clearDraft({ account, form, scope }));
  }, [account, form, scope]);

  useEffect(() => {
    if (!account) return;
    const element = document.getElementById(formId);
    if (!(element instanceof HTMLFormElement)) return;
    const here: DraftAddress = { account, form, scope };
    discarded.current = false;
    let active = true;
    let typed = false;
    const save = () => {
      clearTimeout(pending.current);
      pending.current = undefined;
      if (discarded.current) return;
      const fields = readForm(element);
      const kept = Object.values(fields).some((value) => value !== '' && value !== false);
      void drafts()
        .then((d) => d.saveDraft(here, fields))
        .then(() => {
          if (active) setSaved(kept);
        });
    };
    const onInput = (event: Event) => {
      if (!event.isTrusted) return;
      typed = true;
      discarded.current = false;
      clearTimeout(pending.current);
      pending.current = setTimeout(save, SAVE_AFTER_MS);
    };
    const onSubmit = () => {
      if (pending.current !== undefined) save();
    };
    element.addEventListener('input', onInput);
    element.addEventListener('change', onInput);
    element.addEventListener('submit', onSubmit, true);
    void drafts().then(async (d) => {
      if (!swept) {
        swept = true;
        await d.dropExpiredDrafts();
      }
      const fields = await d.loadDraft(here);
      if (!active || !fields || typed) return;
      fillForm(element, fields);
      setSaved(true);
    });
    return () => {
      active = false;
      element.removeEventListener('input', onInput);
      element.removeEventListener('change', onInput);
      element.removeEventListener('submit', onSubmit, true);
      // Leaving the page mid-pause still keeps what was typed.
      if (pending.current !== undefined) save();
    };
    // `key` stands for account, form and scope.
  }, [formId, key]);

  // The server confirmed by moving on to another page (not the sign-in page of a session that ended).
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const confirmed =
    discardOnRedirect &&
    navigation.state === 'loading' &&
    navigation.formData !== undefined &&
    navigation.formAction !== undefined &&
    new URL(navigation.formAction, 'http://same.site').pathname === pathname &&
    navigation.location.pathname !== pathname &&
    navigation.location.pathname !== LOGIN_PATH;
  useEffect(() => {
    if (confirmed) discard();
  }, [confirmed, discard]);

  return { saved, discard };
}
