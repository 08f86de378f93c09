import { useEffect, useRef, useState, type ButtonHTMLAttributes, type ComponentProps } from 'react';
import { useFetchers, useNavigation } from 'react-router';
import { Button } from '~/components/ui/button';
import { useT } from '~/hooks/use-t';

type Props = Omit<ComponentProps<typeof Button>, 'type'> &
  Pick<ButtonHTMLAttributes<HTMLButtonElement>, 'name' | 'value'> & {
    /** The label while the form is on its way; "Enviando..." unless the form says more. */
    pendingLabel?: string;
    /** The form is on its way by other means (an upload the page sends itself). */
    pending?: boolean;
  };

/**
 * The submit button of every form that writes (issue 32, decision 137). With JavaScript, once
 * its form is sent the button is disabled and says "Enviando..." until the answer is in, so a
 * double press cannot send the same form twice; without JavaScript it is a plain submit button
 * and the form's submission key keeps a second press from storing anything twice.
 *
 * The button marks itself as sent on its form's `submit` event (seen on the window, after the
 * page's own handlers) and is enabled again when the page is idle after the answer, when the
 * person edits the form (the page's validation stopped the submission), or after a moment in
 * which nothing was sent at all.
 */
export function SubmitButton({ pendingLabel, pending, children, disabled, ...rest }: Props) {
  const t = useT('common');
  const ref = useRef<HTMLButtonElement>(null);
  const [sent, setSent] = useState(false);
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== 'idle' || fetchers.some((fetcher) => fetcher.state !== 'idle');
  const seenBusy = useRef(false);

  useEffect(() => {
    const form = ref.current?.form;
    if (!form) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onSubmit = (event: Event) => {
      if (event.target !== form) return;
      // Another button of the same form (the new event's "Completar sector y comuna") leaves this one alone.
      const submitter = (event as SubmitEvent).submitter;
      if (submitter && submitter !== ref.current) return;
      seenBusy.current = false;
      setSent(true);
      clearTimeout(timer);
      // Nothing went out (the page's validation kept the form): enabled again.
      timer = setTimeout(() => {
        if (!seenBusy.current) setSent(false);
      }, 1_500);
    };
    const onEdit = () => {
      if (!seenBusy.current) setSent(false);
    };
    window.addEventListener('submit', onSubmit);
    form.addEventListener('input', onEdit);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('submit', onSubmit);
      form.removeEventListener('input', onEdit);
    };
  }, []);

  useEffect(() => {
    if (busy) seenBusy.current = true;
    else if (seenBusy.current) {
      seenBusy.current = false;
      setSent(false);
    }
  }, [busy]);

  const showPending = pending === true || sent;
  return (
    <Button ref={ref} type="submit" disabled={disabled || showPending} aria-busy={showPending || undefined} {...rest}>
      {showPending ? (pendingLabel ?? t('forms.sending')) : children}
    </Button>
  );
}
