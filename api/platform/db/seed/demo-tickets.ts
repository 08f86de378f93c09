import type { Channel, Orientation, TicketStatus, TicketType } from '@contract/ticket-codes';
import { rutCheckDigit } from '@contract/rut';
import { roadSegments } from './reference-data';

/** A small deterministic generator, so every fresh demo database looks the same. */
export function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const firstNames = ['Camila', 'Matías', 'Valentina', 'Benjamín', 'Javiera', 'Vicente', 'Fernanda', 'Joaquín', 'Catalina', 'Tomás', 'Constanza', 'Diego'];
const lastNames = ['González', 'Muñoz', 'Rojas', 'Díaz', 'Pérez', 'Soto', 'Contreras', 'Silva', 'Martínez', 'Sepúlveda', 'Morales', 'Fuentes'];

const descriptions: Record<TicketType, string[]> = {
  CLAIM: [
    'Se me cobró dos veces el peaje al pasar por la plaza.',
    'Bache de gran tamaño en la pista derecha, dañó mi neumático.',
    'La atención en la caseta fue lenta y no había vuelto.',
    'Señalética caída antes de la salida, casi pierdo el desvío.',
    'Piedra desprendida rompió el parabrisas de mi vehículo.',
  ],
  SUGGESTION: [
    'Sería útil más iluminación en el acceso al túnel.',
    'Propongo agregar un paradero de descanso con baños.',
    'Mejorar la información de tiempos de viaje en los paneles.',
  ],
  INCIDENT: [
    'Choque por alcance entre dos vehículos, sin lesionados aparentes.',
    'Neumático en medio de la pista central.',
    'Camión detenido en la berma con balizas.',
    'Perro suelto cruzando la calzada.',
    'Humo en la faja vial junto a la carretera.',
  ],
};

/** A Chilean RUT with its check digit (modulo 11), normalised as 12345678-5. */
function rutWithCheckDigit(body: number): string {
  return `${body}-${rutCheckDigit(body)}`;
}

export type DemoTicketDraft = {
  type: TicketType;
  classificationIndex: number;
  status: TicketStatus;
  channelCode: Channel;
  description: string;
  kilometer: number;
  sector: string;
  commune: string;
  orientation: Orientation;
  dateEvent: Date;
  createdAt: Date;
  byDemoDriver: boolean;
  assigned: boolean;
  fullName: string;
  email: string;
  phone: string;
  rut: string;
};

/**
 * About 300 tickets over the last 90 days. Older ones are mostly closed; recent
 * ones are spread over every status, and some are already past their deadline.
 */
export function demoTicketDrafts(
  count: number,
  now: Date,
  classificationTypes: TicketType[],
  rand = mulberry32(2026),
): DemoTicketDraft[] {
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const drafts: DemoTicketDraft[] = [];
  for (let i = 0; i < count; i++) {
    const ageDays = Math.pow(rand(), 1.3) * 90;
    const createdAt = new Date(now.getTime() - ageDays * 86_400_000);
    const classificationIndex = Math.floor(rand() * classificationTypes.length);
    const type = classificationTypes[classificationIndex]!;
    const segment = pick(roadSegments);
    const kilometer = Math.round((segment.kmFrom + rand() * (segment.kmTo - segment.kmFrom)) * 10) / 10;
    const roll = rand();
    const status: TicketStatus =
      ageDays > 20
        ? roll < 0.9 ? 'CLOSED' : 'IN_PROGRESS'
        : roll < 0.25 ? 'NEW' : roll < 0.45 ? 'ASSIGNED' : roll < 0.65 ? 'IN_PROGRESS' : roll < 0.75 ? 'ON_HOLD' : 'CLOSED';
    const first = pick(firstNames);
    const last = pick(lastNames);
    const byDemoDriver = i % 12 === 0;
    drafts.push({
      type,
      classificationIndex,
      status,
      channelCode: byDemoDriver ? 'WEB' : pick(['WEB', 'WEB', 'PHONE', 'EMAIL', 'IN_PERSON', 'SOCIAL'] as const),
      description: pick(descriptions[type]),
      kilometer,
      sector: segment.sector,
      commune: segment.commune,
      orientation: rand() < 0.5 ? 'NORTH_SOUTH' : 'SOUTH_NORTH',
      dateEvent: new Date(createdAt.getTime() - rand() * 6 * 3_600_000),
      createdAt,
      byDemoDriver,
      assigned: status !== 'NEW',
      fullName: `${first} ${last}`,
      email: `${first}.${last}`.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '') + `${i}@correo.demo`,
      phone: `+569${String(10_000_000 + Math.floor(rand() * 89_999_999))}`,
      rut: rutWithCheckDigit(8_000_000 + Math.floor(rand() * 15_000_000)),
    });
  }
  return drafts.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}
