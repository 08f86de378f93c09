import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { TICKET_STATUSES } from '@contract/ticket-codes';
import type { Ticket } from '@contract/ticket-dto';
import { ButtonLink } from '~/components/ui/button';
import { SubmissionKeyField } from '~/components/forms/submission-key-field';
import { SubmitButton } from '~/components/forms/submit-button';
import { useT } from '~/hooks/use-t';

/** The anchor the bar's forms come back to (decision 167). */
export const STAFF_BAR_ANCHOR = 'staff-bar';
/** The anchor of the folded update form. */
export const EDIT_FOLD_ANCHOR = 'edit-ticket';

/**
 * The staff's actions under the event's title on phones and tablets (decision 166): Asignarme,
 * the status, Cerrar evento and "Editar datos", so none of them is thousands of pixels down the
 * page. Plain forms and links: no JavaScript needed. Hidden from 1280 px (events.css), where
 * the actions panel sits beside the summary.
 */
export function StaffActionBar({
  ticket,
  selfId,
  detailPath,
  keyOf,
}: {
  ticket: Ticket;
  selfId: string;
  detailPath: string;
  keyOf: (form: 'assignMe' | 'status') => string;
}) {
  const t = useT('events');
  if (ticket.statusCode === 'CLOSED') return null;
  return (
    <nav className="staff-bar" id={STAFF_BAR_ANCHOR} aria-label={t('actionBar.label')}>
      <div className="staff-bar-row">
        {ticket.assignedToId !== selfId ? (
          <Form method="post">
            <SubmissionKeyField value={keyOf('assignMe')} />
            <input type="hidden" name="returnTo" value={STAFF_BAR_ANCHOR} />
            <SubmitButton name="intent" value="assignMe" variant="contained">
              {t('actions.assignMe')}
            </SubmitButton>
          </Form>
        ) : null}
        <ButtonLink to={`${detailPath}?confirm=close#confirm-title`} variant="outlined" color="error">
          {t('actions.close')}
        </ButtonLink>
        {/* The page again with the form open, at it: no JavaScript needed. */}
        <Link className="staff-bar-edit" to={`${detailPath}?edit=1#${EDIT_FOLD_ANCHOR}`}>
          {t('actionBar.edit')}
        </Link>
      </div>
      <Form method="post" className="staff-bar-row staff-bar-status">
        <SubmissionKeyField value={keyOf('status')} />
        <input type="hidden" name="returnTo" value={STAFF_BAR_ANCHOR} />
        <label htmlFor="staff-bar-status">{t('actionBar.status')}</label>
        <select id="staff-bar-status" name="statusCode" defaultValue={ticket.statusCode} key={ticket.statusCode}>
          {TICKET_STATUSES.filter((s) => s !== 'CLOSED').map((s) => (
            <option key={s} value={s}>
              {t(`statuses.${s}`)}
            </option>
          ))}
        </select>
        <SubmitButton name="intent" value="status" variant="outlined" size="small">
          {t('actionBar.changeStatus')}
        </SubmitButton>
      </Form>
    </nav>
  );
}

/**
 * The update form folded away under "Editar datos" below 1280 px; from 1280 px it is always
 * shown, its summary hidden (events.css, ::details-content). Open when it comes back refused.
 */
export function EditFold({ open, children }: { open: boolean; children: ReactNode }) {
  const t = useT('events');
  return (
    <details className="edit-fold" id={EDIT_FOLD_ANCHOR} open={open || undefined}>
      <summary>{t('actionBar.edit')}</summary>
      {children}
    </details>
  );
}
