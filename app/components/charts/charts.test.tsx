import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TranslatorContext } from '~/i18n/context';
import { getI18n } from '~/i18n/middleware.server';
import { wrapLabel } from './chart-figure';
import { BarChart } from './bar-chart';
import { layoutRoad, RoadView } from './road-view';
import { dayLabel } from './trend-chart';

const ticket = (id: number, kilometer: number, orientation: 'NORTH_SOUTH' | 'SOUTH_NORTH', late = false) => ({
  id,
  folio: `R-2026-${String(id).padStart(6, '0')}`,
  type: 'CLAIM' as const,
  kilometer,
  orientation,
  late,
});

const i18n = getI18n(undefined);
const render = (node: React.ReactNode) => renderToString(<TranslatorContext.Provider value={i18n}>{node}</TranslatorContext.Provider>);

describe('layoutRoad', () => {
  it('places tickets by kilometre and stacks each carriageway on its own', () => {
    const { placed, rows, x } = layoutRoad([ticket(1, 10, 'NORTH_SOUTH'), ticket(2, 10.2, 'NORTH_SOUTH'), ticket(3, 10.1, 'SOUTH_NORTH')], 0, 100);
    expect(placed.map((p) => p.row)).toEqual([0, 1, 0]);
    expect(rows).toEqual({ NORTH_SOUTH: 2, SOUTH_NORTH: 1 });
    expect(placed[0]!.x).toBe(x(10));
    expect(x(0)).toBeLessThan(x(100));
  });
  it('keeps one row per lane when the road is empty', () => {
    expect(layoutRoad([], 0, 116).rows).toEqual({ NORTH_SOUTH: 1, SOUTH_NORTH: 1 });
  });
});

describe('RoadView', () => {
  it('renders one labelled link per ticket, late ones as diamonds, each orientation with its destination', () => {
    const html = render(
      <RoadView
        tickets={[ticket(7, 23.5, 'NORTH_SOUTH', true), ticket(8, 80, 'SOUTH_NORTH')]}
        road={{ minKm: 0, maxKm: 116 }}
        destinations={{ NORTH_SOUTH: 'hacia Valparaíso' }}
        ticketHref={(id) => `/operator/events/${id}`}
        labelledBy="t"
        describedBy="d"
      />,
    );
    expect(html.match(/<a /g)).toHaveLength(2);
    expect(html).toContain('href="/operator/events/7"');
    // The destination beside the label where the profile names one (decision 157).
    expect(html).toContain('aria-label="R-2026-000007: Reclamo, km 23,5, Norte a Sur (hacia Valparaíso), atrasado"');
    expect(html).toContain('aria-label="R-2026-000008: Reclamo, km 80, Sur a Norte"');
    expect(html).toContain('>hacia Valparaíso</text>');
    expect(html.match(/road-shape--late/g)).toHaveLength(1);
    expect(html).toContain('km 116');
  });
});

describe('BarChart', () => {
  it('draws a bar per item with its value, in a fixed viewBox', () => {
    const html = render(
      <BarChart labelledBy="t" describedBy="d" bars={[{ key: 'a', label: 'Reclamo', value: 12345, tone: 'CLAIM' }, { key: 'b', label: 'Sugerencia', value: 0, tone: 'SUGGESTION' }]} />,
    );
    expect(html).toMatch(/viewBox="0 0 420 \d+"/);
    expect(html).toContain('role="img"');
    expect(html).toContain('>12.345<');
    expect(html.match(/<rect /g)).toHaveLength(2);
  });
  it('says so when there is nothing to draw', () => {
    expect(render(<BarChart labelledBy="t" describedBy="d" bars={[]} />)).toContain('Todavía no hay datos');
  });
});

describe('dayLabel', () => {
  it('reads the calendar day from the string', () => {
    expect(dayLabel('2026-10-05')).toBe('05-10');
  });
});

describe('a bar’s long label', () => {
  it('wraps between words onto a second line and ends in "…" only past that', () => {
    expect(wrapLabel('Baches', 22)).toEqual(['Baches']);
    expect(wrapLabel('Atención en plaza de peaje', 22)).toEqual(['Atención en plaza de', 'peaje']);
    expect(wrapLabel('Objeto en la calzada que impide el paso de vehículos', 22)).toEqual(['Objeto en la calzada', 'que impide el paso de…']);
    expect(wrapLabel('Supercalifragilísticoexpialidoso', 22)).toEqual(['Supercalifragilístico…']);
  });
});
