import { lazy, Suspense, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Form, useSubmit } from 'react-router';
import { closeMenu } from './header-menu';

/** MUI's Dialog, fetched only when there is something to ask. */
const UnsentReportsDialog = lazy(() => import('./unsent-reports-dialog').then((module) => ({ default: module.UnsentReportsDialog })));

const LOGOUT_ACTION = '/user/logout';

/**
 * Cerrar sesión: a POST form, unchanged without JavaScript (the server's answer carries
 * Clear-Site-Data). With JavaScript it first clears the phone itself, for the browsers that
 * ignore that header (app/offline/sign-out.ts, loaded then), and when the outbox holds reports
 * not yet sent it asks before discarding them. Whatever goes wrong on the phone, the sign-out
 * itself still goes through.
 */
export function SignOutForm({ className, children }: { className?: string; children: ReactNode }) {
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const busy = useRef(false);
  const [unsent, setUnsent] = useState(0);
  const [cancelled, setCancelled] = useState(false);

  // Once the dialog is gone (its focus trap with it), focus goes back to the menu's button: the
  // sign-out button is inside the menu, closed by now.
  useEffect(() => {
    if (!cancelled || unsent > 0) return;
    setCancelled(false);
    if (form.current) closeMenu(form.current);
  }, [cancelled, unsent]);

  const signOut = async (device: typeof import('~/offline/sign-out') | null) => {
    try {
      await device?.clearDevice();
    } finally {
      if (form.current) await submit(form.current);
      busy.current = false;
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    void (async () => {
      let device: typeof import('~/offline/sign-out') | null = null;
      try {
        device = await import('~/offline/sign-out');
        const count = await device.countUnsentReports();
        if (count > 0) {
          setUnsent(count);
          return;
        }
      } catch {
        // The module or the database could not be read: sign out; the server's header clears.
      }
      await signOut(device);
    })();
  };

  const cancel = () => {
    setUnsent(0);
    busy.current = false;
    setCancelled(true);
  };
  const confirm = () => {
    setUnsent(0);
    void import('~/offline/sign-out').then(signOut, () => signOut(null));
  };

  return (
    <>
      <Form ref={form} method="post" action={LOGOUT_ACTION} className={className} onSubmit={onSubmit}>
        {children}
      </Form>
      {unsent > 0 ? (
        <Suspense fallback={null}>
          <UnsentReportsDialog count={unsent} onCancel={cancel} onConfirm={confirm} />
        </Suspense>
      ) : null}
    </>
  );
}
