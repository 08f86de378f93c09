import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { data, Form, Link } from 'react-router';
import type { Route } from './+types/axis';
import { messages } from '@contract/messages';
import { DESTINATION_MAX, roadAxisSchema } from '@contract/road';
import { axisRange } from '@contract/road-axis';
import { AXIS_MAX_BYTES, parseAxisText } from '@contract/road-axis-geojson';
import { orientationLabel } from '@contract/road-lookup';
import { ORIENTATIONS } from '@contract/ticket-codes';
import { formatKilometer } from '@contract/kilometer';
import { readWithAuth, requireAuth } from '~/server/auth/auth.server';
import { roadProfileFor } from '~/server/api/reference-data.server';
import { forget } from '~/server/api/api-cache.server';
import { OutlinedField } from '~/components/forms/outlined-field';
import { useT } from '~/hooks/use-t';
import { pageTitle } from '~/utils/meta';
import { reports } from '~/locales/es/reports';
import { registerNamespace } from '~/i18n/config';

registerNamespace('reports', reports);

/** The example the page shows: one line for both orientations, three points. */
const EXAMPLE = `{"type": "FeatureCollection", "features": [{"type": "Feature",
  "properties": {"orientation": "BOTH", "km": [0, 0.5, 1]},
  "geometry": {"type": "LineString", "coordinates": [[-70.69, -33.45], [-70.695, -33.4498], [-70.7, -33.4496]]}}]}`;

type ActionAnswer = { axisErrors?: string[]; axisSaved?: boolean; destinationsError?: string; destinationsSaved?: boolean };

/**
 * The road's axis and each orientation's destination, for the administrator (decisions 156-157):
 * the current axis (points and kilometres per carriageway, a download), its import from a
 * GeoJSON file or pasted text with every fault listed in Spanish, and the destinations. Plain
 * forms: all of it works without JavaScript.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { data: read } = await readWithAuth(context, async ({ api }) => {
    const [road, axis] = await Promise.all([roadProfileFor(api), api.get('/api/road/axis', roadAxisSchema)]);
    return { road, axis };
  });
  const lines = read.axis.lines.map((line) => ({ orientation: line.orientation, points: line.points.length, range: axisRange(line) }));
  return { road: read.road, lines };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api } = await requireAuth(context);
  // The file and the pasted text together are at most twice the API's limit.
  if (Number(request.headers.get('content-length') ?? 0) > 2 * AXIS_MAX_BYTES + 64 * 1024) {
    return data<ActionAnswer>({ axisErrors: [messages.payloadTooLarge] }, { status: 413 });
  }
  const form = await request.formData();
  if (form.get('intent') === 'destinations') {
    const body = Object.fromEntries(ORIENTATIONS.map((o) => [o, String(form.get(o) ?? '')]));
    const saved = await api.call('PUT', '/api/road/destinations', { body });
    forget('road-profile');
    if (!saved.ok) return data<ActionAnswer>({ destinationsError: Object.values(saved.fields)[0] ?? saved.message }, { status: saved.status });
    return { destinationsSaved: true } satisfies ActionAnswer;
  }
  const file = form.get('file');
  const pasted = form.get('geojson');
  const text = file instanceof File && file.size > 0 ? await file.text() : typeof pasted === 'string' ? pasted.trim() : '';
  if (!text) return data<ActionAnswer>({ axisErrors: [reports.road.axisRequired] }, { status: 400 });
  const road = await roadProfileFor(api);
  const parsed = parseAxisText(text, road);
  if (!parsed.ok) return data<ActionAnswer>({ axisErrors: parsed.errors }, { status: 400 });
  const saved = await api.call('PUT', '/api/road/axis', { body: JSON.parse(text) as unknown });
  forget('road-axis');
  if (!saved.ok) return data<ActionAnswer>({ axisErrors: saved.fields.axis?.split('\n') ?? [saved.message] }, { status: saved.status });
  return { axisSaved: true } satisfies ActionAnswer;
}

export default function RoadAxisScreen({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT('reports');
  const { road, lines } = loaderData;
  const answer = actionData as ActionAnswer | undefined;
  return (
    <section className="screen road-axis">
      <h1>{t('road.axisTitle')}</h1>
      <p>
        <Link to=".." relative="path">{t('road.title')}</Link>
      </p>
      <h2>{t('road.axisCurrent')}</h2>
      {lines.length === 0 ? (
        <p>{t('road.axisNone')}</p>
      ) : (
        <>
          <ul className="axis-lines">
            {lines.map((line) => (
              <li key={line.orientation ?? 'BOTH'}>
                {t('road.axisLine')}: {line.orientation ? orientationLabel(line.orientation, road.destinations) : t('road.axisBoth')} · {t('road.axisPoints')}:{' '}
                {line.points}
                {line.range ? ` · ${t('road.axisRange', { from: formatKilometer(line.range.fromKm), to: formatKilometer(line.range.toKm) })}` : null}
              </li>
            ))}
          </ul>
          <p>
            <a href="axis/download" download>
              {t('road.axisDownload')}
            </a>
          </p>
        </>
      )}
      <h2>{t('road.axisImport')}</h2>
      <p className="screen-note">{t('road.axisIntro')}</p>
      <p>{t('road.axisExample')}:</p>
      <pre className="axis-example">{EXAMPLE}</pre>
      {answer?.axisSaved ? (
        <Alert severity="success" role="status">
          {messages.axisSaved}
        </Alert>
      ) : null}
      {answer?.axisErrors ? (
        <Alert severity="error" role="alert">
          {t('road.axisErrors')}
          <ul>
            {answer.axisErrors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <Form method="post" encType="multipart/form-data" className="form-stack">
        <label className="form-stack" style={{ gap: 4 }}>
          <span>{t('road.axisFile')}</span>
          <input type="file" name="file" accept=".geojson,.json,application/geo+json,application/json" />
        </label>
        <OutlinedField name="geojson" label={t('road.axisText')} multiline minRows={8} fullWidth inputProps={{ spellCheck: false }} />
        <div className="form-actions">
          <Button type="submit" name="intent" value="axis" variant="contained">
            {t('road.axisSubmit')}
          </Button>
        </div>
      </Form>
      <h2>{t('road.destinationsTitle')}</h2>
      <p className="screen-note">{t('road.destinationsIntro')}</p>
      {answer?.destinationsSaved ? (
        <Alert severity="success" role="status">
          {messages.destinationsSaved}
        </Alert>
      ) : null}
      {answer?.destinationsError ? (
        <Alert severity="error" role="alert">
          {answer.destinationsError}
        </Alert>
      ) : null}
      <Form method="post" className="form-stack">
        {ORIENTATIONS.map((o) => (
          <OutlinedField key={o} name={o} label={orientationLabel(o)} defaultValue={road.destinations?.[o] ?? ''} inputProps={{ maxLength: DESTINATION_MAX }} />
        ))}
        <div className="form-actions">
          <Button type="submit" name="intent" value="destinations" variant="contained">
            {t('road.destinationsSubmit')}
          </Button>
        </div>
      </Form>
    </section>
  );
}

export const meta: Route.MetaFunction = () => pageTitle(reports.road.axisTitle);
