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

/** The calendars of migration 0024 (docs/decisions/178-business-time-calendars.md). */
export const AROUND_THE_CLOCK_CALENDAR_ID = 1;
export const BUSINESS_HOURS_CALENDAR_ID = 2;

/**
 * Categories with their calendar and targets, in hours of that calendar (decisions 178 and 179): first answer
 * (the first public comment of staff) and resolution (`slaHours`). Road incidents run around the clock;
 * claims and suggestions on business hours (Monday to Friday 08:30–18:00, 9.5 hours a day), so their
 * resolution is a few business days for a claim (28 h ≈ 3 days, 47 h ≈ 5, 95 h ≈ 10) and about two and a half
 * weeks for a suggestion (114 h ≈ 12 business days).
 */
export const classifications: { type: TicketType; name: string; slaHours: number; firstAnswerHours: number | null; calendarId: number }[] = [
  { type: 'CLAIM', name: 'Cobro de peaje', slaHours: 28, firstAnswerHours: 16, calendarId: BUSINESS_HOURS_CALENDAR_ID },
  { type: 'CLAIM', name: 'Estado del pavimento', slaHours: 47, firstAnswerHours: 16, calendarId: BUSINESS_HOURS_CALENDAR_ID },
  { type: 'CLAIM', name: 'Atención en plaza de peaje', slaHours: 28, firstAnswerHours: 16, calendarId: BUSINESS_HOURS_CALENDAR_ID },
  { type: 'CLAIM', name: 'Daños a vehículo', slaHours: 95, firstAnswerHours: 16, calendarId: BUSINESS_HOURS_CALENDAR_ID },
  { type: 'CLAIM', name: 'Señalización deficiente', slaHours: 47, firstAnswerHours: 16, calendarId: BUSINESS_HOURS_CALENDAR_ID },
  { type: 'SUGGESTION', name: 'Mejora de señalización', slaHours: 114, firstAnswerHours: 40, calendarId: BUSINESS_HOURS_CALENDAR_ID },
  { type: 'SUGGESTION', name: 'Servicios al usuario', slaHours: 114, firstAnswerHours: 40, calendarId: BUSINESS_HOURS_CALENDAR_ID },
  { type: 'SUGGESTION', name: 'Otras sugerencias', slaHours: 114, firstAnswerHours: 40, calendarId: BUSINESS_HOURS_CALENDAR_ID },
  { type: 'INCIDENT', name: 'Accidente de tránsito', slaHours: 2, firstAnswerHours: 1, calendarId: AROUND_THE_CLOCK_CALENDAR_ID },
  { type: 'INCIDENT', name: 'Objeto en la calzada', slaHours: 1, firstAnswerHours: 1, calendarId: AROUND_THE_CLOCK_CALENDAR_ID },
  { type: 'INCIDENT', name: 'Vehículo detenido', slaHours: 2, firstAnswerHours: 1, calendarId: AROUND_THE_CLOCK_CALENDAR_ID },
  { type: 'INCIDENT', name: 'Animal en la vía', slaHours: 1, firstAnswerHours: 1, calendarId: AROUND_THE_CLOCK_CALENDAR_ID },
  { type: 'INCIDENT', name: 'Incendio en faja vial', slaHours: 2, firstAnswerHours: 1, calendarId: AROUND_THE_CLOCK_CALENDAR_ID },
];
