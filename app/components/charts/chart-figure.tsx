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

/**
 * A label drawn inside an SVG in at most `lines` lines of `max` characters, broken between words
 * (a word longer than a line is cut); what does not fit ends in "…" (the full text stays in its
 * <title> and the table).
 */
export function wrapLabel(label: string, max: number, lines = 2): string[] {
  const words = label.split(/\s+/).filter(Boolean);
  const out: string[] = [];
  let line = '';
  for (const [index, word] of words.entries()) {
    const longer = line ? `${line} ${word}` : word;
    if (longer.length <= max) {
      line = longer;
      continue;
    }
    if (line) out.push(clip(line, max));
    line = word;
    if (out.length === lines - 1) {
      out.push(clip(words.slice(index).join(' '), max));
      return out;
    }
  }
  if (line) out.push(clip(line, max));
  return out;
}

/** Between the two lines of a wrapped label, in the viewBox's units (rows are 30 high). */
const LINE_GAP = 13;

/** A bar's name at the left of its row, ending at `x` and centred on `y`, on two lines when long (decision 177). */
export function ChartLabel({ x, y, label }: { x: number; y: number; label: string }) {
  const lines = wrapLabel(label, 22);
  return (
    <text className="chart-label" x={x} y={y} dominantBaseline="central" textAnchor="end">
      {lines.map((line, i) => (
        <tspan key={i} x={x} dy={i === 0 ? (-(lines.length - 1) * LINE_GAP) / 2 : LINE_GAP}>
          {line}
        </tspan>
      ))}
    </text>
  );
}

/** Shortens a label drawn inside an SVG (the full text stays in its <title> and the table). */
export function clip(label: string, max: number): string {
  return label.length > max ? `${label.slice(0, max - 1).trimEnd()}…` : label;
}
