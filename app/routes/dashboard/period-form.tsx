import { OutlinedField } from '~/components/forms/outlined-field';
import { Button } from '~/components/ui/button';
import { useT } from '~/hooks/use-t';
import type { Period, PeriodError } from './period.server';
import { dashboard } from '~/locales/es/dashboard';
import { registerNamespace } from '~/i18n/config';

registerNamespace('dashboard', dashboard);

/** What a period form shows: the month on the page (none for the whole history), or what was refused and why. */
export type PeriodField = { value: string; max: string; min: string; error: PeriodError | null };

/**
 * The month of a page's numbers: one month field in a plain GET form to the page itself, so it
 * works without JavaScript and the period stays in the address (a link can be shared or printed).
 * It starts on the month the page shows, offers no month after this one (`max`), and a month
 * refused by the server comes back in it with the reason under it (decision 176).
 */
export function PeriodForm({ field, allHref }: { field: PeriodField; allHref?: string }) {
  const t = useT('dashboard');
  const periodName = usePeriodName();
  const [maxYear, maxMonth] = field.max.split('-').map(Number) as [number, number];
  const latest = periodName({ year: maxYear, month: maxMonth });
  const helper = field.error === 'future' ? t('period.future', { latest }) : field.error === 'invalid' ? t('period.invalid') : t('period.hint', { latest });
  return (
    // Checked by the server, whose message is the same with or without JavaScript.
    <form method="get" className="period-form" aria-label={t('period.legend')} noValidate>
      <OutlinedField
        name="period"
        id="period-month"
        type="month"
        label={t('period.month')}
        defaultValue={field.value}
        shrinkLabel
        error={field.error !== null}
        helperText={helper}
        inputProps={{ min: field.min, max: field.max, pattern: '[0-9]{4}-[0-9]{2}' }}
      />
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
