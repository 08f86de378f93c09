import { Button } from '~/components/ui/button';
import { useT } from '~/hooks/use-t';
import type { Period } from './period.server';
import { dashboard } from '~/locales/es/dashboard';
import { registerNamespace } from '~/i18n/config';

registerNamespace('dashboard', dashboard);

/**
 * Month and year for a page's numbers: a plain GET form to the page itself, so it works
 * without JavaScript and the period stays in the address (a link can be shared or printed).
 */
export function PeriodForm({ period, years, allHref }: { period: Period; years: number[]; allHref?: string }) {
  const t = useT('dashboard');
  const months = t('months', { returnObjects: true });
  return (
    <form method="get" className="period-form" aria-label={t('period.legend')}>
      <div className="native-field">
        <label htmlFor="period-month">{t('period.month')}</label>
        <select id="period-month" name="month" defaultValue={period.month}>
          {months.map((name, index) => (
            <option key={name} value={index + 1}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <div className="native-field">
        <label htmlFor="period-year">{t('period.year')}</label>
        <select id="period-year" name="year" defaultValue={period.year}>
          {years.map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="outlined">
        {t('period.show')}
      </Button>
      {allHref ? (
        <a className="period-all" href={allHref}>
          {t('period.all')}
        </a>
      ) : null}
    </form>
  );
}

/** "marzo de 2026" from the month names of the catalogue. */
export function usePeriodName(): (period: Period) => string {
  const t = useT('dashboard');
  const months = t('months', { returnObjects: true });
  return (period) => t('summary.period', { month: months[period.month - 1]!.toLowerCase(), year: period.year });
}
