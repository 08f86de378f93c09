import { useRef, useState } from 'react';
import { Button } from '~/components/ui/button';
import { Checkbox } from '~/components/forms/checkbox';
import { formatKilometer } from '@contract/kilometer';
import { locateKilometer, type RoadProfile, type RoadSegment } from '@contract/road-lookup';
import { projectOnAxis, type RoadAxis } from '@contract/road-axis';
import type { Orientation } from '@contract/ticket-codes';
import { useT } from '~/hooks/use-t';

/** Farther than this from the axis, the phone is not on the road (issue 35). */
export const MAX_DISTANCE_M = 500;
/** A vaguer position cannot tell the kilometre (issue 35; the API refuses it too, contract/ticket.ts). */
export const MAX_ACCURACY_M = 200;
const TIMEOUT_MS = 15_000;

export type WhereAmIFill = { kilometer: string; orientation: Orientation | null; segment: RoadSegment | undefined };
type Position = { lat: number; lon: number; accuracy: number };

/**
 * "Usar mi ubicación" (decision 157): with JavaScript only (the form renders it once hydrated),
 * asks the browser for the phone's position, fetches the axis once, and fills kilometre,
 * orientation (when the axis tells it), sector and commune; says in a live region how far
 * from the road the phone is, or why it cannot. "Enviar mi ubicación" sends the position with
 * the report only when ticked; otherwise nothing about it leaves the phone.
 */
export function WhereAmI({ axisUrl, road, onFill }: { axisUrl: string; road: RoadProfile; onFill: (fill: WhereAmIFill) => void }) {
  const t = useT('events');
  const axis = useRef<Promise<RoadAxis | null> | null>(null);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ text: string; error: boolean } | null>(null);
  const [position, setPosition] = useState<Position | null>(null);
  const [send, setSend] = useState(false);

  function loadAxis(): Promise<RoadAxis | null> {
    axis.current ??= fetch(axisUrl, { headers: { accept: 'application/json' } })
      .then((r) => (r.ok ? (r.json() as Promise<RoadAxis>) : null))
      .catch(() => null)
      .then((loaded) => {
        // A failure is asked again next time.
        if (!loaded) axis.current = null;
        return loaded;
      });
    return axis.current;
  }

  const refuse = (text: string) => {
    setNote({ text, error: true });
    setBusy(false);
  };

  function locate() {
    if (!('geolocation' in navigator)) return refuse(t('whereAmI.unavailable'));
    setBusy(true);
    setNote({ text: t('whereAmI.locating'), error: false });
    const axisRead = loadAxis();
    navigator.geolocation.getCurrentPosition(
      (found) => void place({ lat: found.coords.latitude, lon: found.coords.longitude, accuracy: found.coords.accuracy }, axisRead),
      (error) => refuse(t(error.code === error.PERMISSION_DENIED ? 'whereAmI.denied' : 'whereAmI.unavailable')),
      { enableHighAccuracy: true, timeout: TIMEOUT_MS, maximumAge: 30_000 },
    );
  }

  async function place(found: Position, axisRead: Promise<RoadAxis | null>) {
    if (found.accuracy > MAX_ACCURACY_M) return refuse(t('whereAmI.inaccurate', { accuracy: Math.round(found.accuracy), max: MAX_ACCURACY_M }));
    const loaded = await axisRead;
    const at = loaded ? projectOnAxis(loaded, found) : undefined;
    if (!at) return refuse(t('whereAmI.noAxis'));
    const distance = Math.round(at.distanceM);
    if (at.distanceM > MAX_DISTANCE_M) return refuse(t('whereAmI.tooFar', { distance, max: MAX_DISTANCE_M }));
    // To the hundred metres, as kilometre posts are read; sector and commune follow what is filled.
    const km = Math.min(road.maxKm, Math.max(road.minKm, Math.round(at.km * 10) / 10));
    onFill({ kilometer: formatKilometer(km), orientation: at.orientation, segment: locateKilometer(road, km) });
    setPosition(found);
    setNote({ text: t(at.orientation ? 'whereAmI.found' : 'whereAmI.foundNoOrientation', { distance, km: formatKilometer(km) }), error: false });
    setBusy(false);
  }

  return (
    <div className="where-am-i">
      <div className="form-actions">
        <Button type="button" variant="outlined" onClick={locate} disabled={busy}>
          {t('whereAmI.use')}
        </Button>
        <span role="status" aria-live="polite" className={note?.error ? 'field-error' : undefined}>
          {note?.text ?? t('whereAmI.hint')}
        </span>
      </div>
      <Checkbox
        label={t('whereAmI.send')}
        checked={send}
        disabled={!position}
        onChange={(event) => setSend(event.currentTarget.checked)}
        aria-describedby="where-am-i-send-hint"
      />
      <p id="where-am-i-send-hint" className="muted">
        {t('whereAmI.sendHint')}
      </p>
      {send && position ? (
        <>
          <input type="hidden" name="position.lat" value={position.lat} />
          <input type="hidden" name="position.lon" value={position.lon} />
          <input type="hidden" name="position.accuracy" value={position.accuracy} />
        </>
      ) : null}
    </div>
  );
}
