import type { Orientation, TicketType } from '@contract/ticket-codes';

/**
 * The road profile of the demo concession: Ruta 68 (Santiago - Valparaíso - Viña del Mar),
 * kilometre-posted from Santiago. Each stretch names its sector and commune.
 */
export const roadSegments: { kmFrom: number; kmTo: number; sector: string; commune: string }[] = [
  { kmFrom: 0, kmTo: 8, sector: 'Acceso Santiago', commune: 'Pudahuel' },
  { kmFrom: 8, kmTo: 16.5, sector: 'Túnel Lo Prado', commune: 'Pudahuel' },
  { kmFrom: 16.5, kmTo: 38, sector: 'Curacaví Oriente', commune: 'Curacaví' },
  { kmFrom: 38, kmTo: 56, sector: 'Cuesta Zapata', commune: 'Curacaví' },
  { kmFrom: 56, kmTo: 63, sector: 'Túnel Zapata', commune: 'Casablanca' },
  { kmFrom: 63, kmTo: 86, sector: 'Valle de Casablanca', commune: 'Casablanca' },
  { kmFrom: 86, kmTo: 100, sector: 'Placilla', commune: 'Valparaíso' },
  { kmFrom: 100, kmTo: 116, sector: 'Acceso Viña del Mar', commune: 'Viña del Mar' },
];

/**
 * Where each orientation leads: kilometres rise from Santiago to Viña del Mar, so North to South
 * is the carriageway towards the coast (docs/decisions/157-where-am-i-and-destinations.md).
 */
export const roadDestinations: Record<Orientation, string> = { NORTH_SOUTH: 'hacia Valparaíso', SOUTH_NORTH: 'hacia Santiago' };

/** Categories with the hours the concession has to answer each (the SLA). */
export const classifications: { type: TicketType; name: string; slaHours: number }[] = [
  { type: 'CLAIM', name: 'Cobro de peaje', slaHours: 72 },
  { type: 'CLAIM', name: 'Estado del pavimento', slaHours: 120 },
  { type: 'CLAIM', name: 'Atención en plaza de peaje', slaHours: 72 },
  { type: 'CLAIM', name: 'Daños a vehículo', slaHours: 240 },
  { type: 'CLAIM', name: 'Señalización deficiente', slaHours: 120 },
  { type: 'SUGGESTION', name: 'Mejora de señalización', slaHours: 360 },
  { type: 'SUGGESTION', name: 'Servicios al usuario', slaHours: 360 },
  { type: 'SUGGESTION', name: 'Otras sugerencias', slaHours: 360 },
  { type: 'INCIDENT', name: 'Accidente de tránsito', slaHours: 2 },
  { type: 'INCIDENT', name: 'Objeto en la calzada', slaHours: 1 },
  { type: 'INCIDENT', name: 'Vehículo detenido', slaHours: 2 },
  { type: 'INCIDENT', name: 'Animal en la vía', slaHours: 1 },
  { type: 'INCIDENT', name: 'Incendio en faja vial', slaHours: 2 },
];
