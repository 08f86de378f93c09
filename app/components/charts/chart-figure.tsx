import type { ReactNode } from 'react';
import { useT } from '~/hooks/use-t';
import { dashboard } from '~/locales/es/dashboard';
import { registerNamespace } from '~/i18n/config';

registerNamespace('dashboard', dashboard);

export type ChartTone = 'CLAIM' | 'SUGGESTION' | 'INCIDENT' | 'primary' | 'success';

/**
 * A chart's frame: a <figure> whose caption names and describes it, and the numbers behind
 * it as a plain table in a <details>, so screen readers (and anyone) can read them.
 */
export function ChartFigure({
  id,
  title,
  description,
  table,
  children,
  className,
}: {
  id: string;
  title: string;
  description: string;
  table: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const t = useT('dashboard');
  return (
    <figure className={className ? `chart ${className}` : 'chart'} aria-labelledby={`${id}-title`}>
      <figcaption>
        <h2 id={`${id}-title`} className="chart-title">
          {title}
        </h2>
        <p id={`${id}-desc`} className="chart-description">
          {description}
        </p>
      </figcaption>
      {children}
      <details className="chart-data">
        <summary>{t('chart.table')}</summary>
        {table}
      </details>
    </figure>
  );
}

/** Shortens a label drawn inside an SVG (the full text stays in its <title> and the table). */
export function clip(label: string, max: number): string {
  return label.length > max ? `${label.slice(0, max - 1).trimEnd()}…` : label;
}
