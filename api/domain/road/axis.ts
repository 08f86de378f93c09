import { createHash } from 'node:crypto';
import { asc } from 'drizzle-orm';
import type { RoadAxis } from '@contract/road-axis';
import type { Destinations } from '@contract/road-lookup';
import { ORIENTATIONS, type Orientation } from '@contract/ticket-codes';
import type { Database } from '../../platform/db/client';
import { roadAxisPoint, roadDestination } from '../../platform/db/schema';

/** The stored key of a line that serves both orientations. */
const BOTH = 'BOTH';
/** Rows per insert: well under PostgreSQL's 65 535 parameters at 5 a row. */
const INSERT_BATCH = 2000;

/** The axis, lines in orientation order (docs/decisions/156-road-axis-and-projection.md). */
export async function readAxis(db: Database): Promise<RoadAxis> {
  const rows = await db.select().from(roadAxisPoint).orderBy(asc(roadAxisPoint.orientation), asc(roadAxisPoint.seq));
  const lines = new Map<string, RoadAxis['lines'][number]>();
  for (const row of rows) {
    let line = lines.get(row.orientation);
    if (!line) {
      line = { orientation: row.orientation === BOTH ? null : (row.orientation as Orientation), points: [] };
      lines.set(row.orientation, line);
    }
    line.points.push({ km: row.km, lat: row.lat, lon: row.lon });
  }
  return { lines: [...lines.values()] };
}

/** Replaces the whole axis in one transaction: the same axis sent twice leaves the same rows. */
export async function saveAxis(db: Database, axis: RoadAxis): Promise<void> {
  const rows = axis.lines.flatMap((line) =>
    line.points.map((p, seq) => ({ orientation: line.orientation ?? BOTH, seq, km: p.km, lat: p.lat, lon: p.lon })),
  );
  await db.transaction(async (tx) => {
    await tx.delete(roadAxisPoint);
    for (let i = 0; i < rows.length; i += INSERT_BATCH) await tx.insert(roadAxisPoint).values(rows.slice(i, i + INSERT_BATCH));
  });
}

/** A strong validator of the axis's content, for GET /api/road/axis's ETag. */
export function axisETag(axis: RoadAxis): string {
  return `"${createHash('sha256').update(JSON.stringify(axis)).digest('base64url').slice(0, 27)}"`;
}

/** Each orientation's destination, where the admin named one (decision 157). */
export async function readDestinations(db: Database): Promise<Destinations> {
  const rows = await db.select().from(roadDestination);
  const destinations: Destinations = {};
  for (const row of rows) if ((ORIENTATIONS as readonly string[]).includes(row.orientation)) destinations[row.orientation as Orientation] = row.destination;
  return destinations;
}

/** Sets the destinations given; a blank one removes that orientation's. Idempotent. */
export async function saveDestinations(db: Database, destinations: Partial<Record<Orientation, string>>): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(roadDestination);
    const rows = ORIENTATIONS.flatMap((orientation) => {
      const destination = destinations[orientation]?.trim();
      return destination ? [{ orientation, destination }] : [];
    });
    if (rows.length > 0) await tx.insert(roadDestination).values(rows);
  });
}
