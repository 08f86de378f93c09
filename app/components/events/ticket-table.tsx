import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatKilometer } from '@contract/kilometer';
import { orientationLabel, type Destinations } from '@contract/road-lookup';
import type { TicketListItem } from '@contract/ticket-dto';
import { timeLeftText } from '@contract/time-left';
import { DateTime } from '~/components/ui/date-time';
import { StatusBadge } from './status-badge';
import { useT } from '~/hooks/use-t';
import { overdueBy } from './overdue';

/**
 * What a row shows of a ticket: all a list screen's loader sends to the page. `timeLeft`: for staff, the time
 * left in the terms of the event's calendar ("vence en 3 h hábiles", decision 181), worded on the server.
 */
export type TicketRow = Pick<
  TicketListItem,
  'id' | 'folio' | 'dateEvent' | 'classificationName' | 'kilometer' | 'orientation' | 'sector' | 'statusCode' | 'late' | 'assignedToName' | 'dueAt'
> & { timeLeft?: string | null };

/** `staff`: the row says the time left (staff only, as decision 181 says); a driver's keeps "vencido hace". */
export function toTicketRow(ticket: TicketListItem, staff = false): TicketRow {
  const { id, folio, dateEvent, classificationName, kilometer, orientation, sector, statusCode, late, assignedToName, dueAt } = ticket;
  const timeLeft = staff && ticket.deadline ? timeLeftText(ticket.deadline) : null;
  return { id, folio, dateEvent, classificationName, kilometer, orientation, sector, statusCode, late, assignedToName, dueAt, timeLeft };
}

/**
 * A page of tickets as one plain table (docs/decisions/014): folio (a link to the detail),
 * date, classification, kilometre and orientation (with its destination, decision 157), sector,
 * status (late said in words) and assignee. `actions` adds a last column, e.g. the assignments screen's "Asignarme".
 */
export function TicketTable({
  tickets,
  caption,
  emptyText,
  detailBase,
  destinations,
  actions,
}: {
  tickets: readonly TicketRow[];
  caption: string;
  emptyText: string;
  /** The role's events path: rows link to `${detailBase}/${id}`. */
  detailBase: string;
  /** Where each orientation leads (the road profile's), shown beside its label. */
  destinations: Destinations | undefined;
  actions?: (ticket: TicketRow) => ReactNode;
}) {
  const t = useT('events');
  const columns = actions ? 8 : 7;
  // Column names, repeated on each card's cells on phones (data-table.css).
  const labels = {
    date: t('table.date'),
    classification: t('table.classification'),
    location: t('table.location'),
    sector: t('table.sector'),
    status: t('table.status'),
    assignee: t('table.assignee'),
    actions: t('table.actions'),
  };
  return (
    // Where the table is wider than the screen it scrolls: reachable by keyboard, named by its caption (issue 36).
    <div className="table-wrap" tabIndex={0} role="region" aria-label={caption}>
      <table className="data-table data-table--cards">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('table.folio')}</th>
            <th scope="col">{t('table.date')}</th>
            <th scope="col">{t('table.classification')}</th>
            <th scope="col">{t('table.location')}</th>
            <th scope="col">{t('table.sector')}</th>
            <th scope="col">{t('table.status')}</th>
            <th scope="col">{t('table.assignee')}</th>
            {actions ? <th scope="col">{t('table.actions')}</th> : null}
          </tr>
        </thead>
        <tbody>
          {tickets.length === 0 ? (
            <tr>
              <td colSpan={columns} className="empty">
                {emptyText}
              </td>
            </tr>
          ) : (
            tickets.map((ticket) => (
              <tr key={ticket.id} id={`row-${ticket.id}`}>
                <th scope="row" className="nowrap">
                  <Link to={`${detailBase}/${ticket.id}`}>{ticket.folio}</Link>
                </th>
                <td className="nowrap" data-label={labels.date}>
                  <DateTime value={ticket.dateEvent} />
                </td>
                <td data-label={labels.classification}>{ticket.classificationName}</td>
                <td data-label={labels.location}>
                  <span className="nowrap">{formatKilometer(ticket.kilometer)} ·</span> {orientationLabel(ticket.orientation, destinations)}
                </td>
                <td data-label={labels.sector}>{ticket.sector}</td>
                <td data-label={labels.status}>
                  {/* One grid cell on phones' cards (data-table.css): the badge and how overdue together. */}
                  <span>
                    <StatusBadge status={ticket.statusCode} late={ticket.late} />
                    <Overdue ticket={ticket} />
                  </span>
                </td>
                <td data-label={labels.assignee}>{ticket.assignedToName ?? <span className="muted">{t('unassigned')}</span>}</td>
                {actions ? <td data-label={labels.actions}>{actions(ticket)}</td> : null}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Under the status: for staff, the time left on the event's calendar ("vence en 3 h hábiles", "atrasado 2 días
 * hábiles", decision 181); otherwise a late event's "vencido hace 2 d" (decision 168).
 */
function Overdue({ ticket }: { ticket: TicketRow }) {
  const t = useT('events');
  if (ticket.timeLeft) return <span className={ticket.late ? 'overdue-note time-left' : 'time-left'}>{ticket.timeLeft}</span>;
  const by = ticket.late && ticket.statusCode !== 'CLOSED' ? overdueBy(ticket.dueAt) : null;
  if (!by) return null;
  return (
    <span className="overdue-note" suppressHydrationWarning>
      {t(`table.overdue.${by.unit}`, { count: by.count })}
    </span>
  );
}
