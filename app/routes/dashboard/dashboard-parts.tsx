import { Link } from 'react-router';
import type { Statistics } from '@contract/statistics';
import { useNumberFormat, useT } from '~/hooks/use-t';
import { dashboard } from '~/locales/es/dashboard';
import { registerNamespace } from '~/i18n/config';

registerNamespace('dashboard', dashboard);

const COUNTERS = ['new', 'late', 'closed', 'active'] as const;

/** Each counter's list: the events list filtered as the counter counts (decision 168); the late ones most overdue first. */
const COUNTER_QUERIES: Record<(typeof COUNTERS)[number], string> = {
  new: 'status=NEW',
  late: 'tab=active&late=true&sort=dueAt%3Aasc',
  closed: 'tab=closed',
  active: 'tab=active',
};

/** The four counters as cards: plain HTML, one description list; each label a link to its list. */
export function CounterCards({ counters, area }: { counters: Statistics['counters']; area: string }) {
  const t = useT('dashboard');
  const number = useNumberFormat();
  return (
    <section className="counter-section" aria-labelledby="counters-title">
      <h2 id="counters-title" className="visually-hidden">
        {t('counters.label')}
      </h2>
      <dl className="counter-cards">
        {COUNTERS.map((key) => (
          <div key={key} className={`counter-card counter-card--${key}`} data-counter={key}>
            <dt className="counter-label">
              <Link to={`/${area}/events?${COUNTER_QUERIES[key]}`} className="counter-link">
                {t(`counters.${key}`)}
              </Link>
            </dt>
            <dd className="counter-value">{number(counters[key])}</dd>
            <dd className="counter-hint">{t(`counters.${key}Hint`)}</dd>
          </div>
        ))}
      </dl>
      <p className="counter-total" data-counter="total">
        {t('counters.total', { formatted: number(counters.total) })}
      </p>
    </section>
  );
}

/** The numbers behind a chart: first column as row headers. */
export function DataTable({ caption, head, rows }: { caption: string; head: string[]; rows: string[][] }) {
  return (
    <table className="data-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          {head.map((cell) => (
            <th key={cell} scope="col">
              {cell}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([first, ...rest], index) => (
          <tr key={`${first}-${index}`}>
            <th scope="row">{first}</th>
            {rest.map((cell, i) => (
              <td key={i}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
