import { describe, expect, it } from 'vitest';
import { formatMessage, messages } from './messages';
import {
  driverTicketCreateSchema,
  staffTicketCreateSchema,
  ticketEditSchema,
  ticketUpdateSchema,
  TICKET_LIMITS,
} from './ticket';
import { ticketListQuerySchema } from './ticket-list';

const valid = {
  description: 'Bache en la pista derecha',
  kilometer: '23,5',
  sector: 'Curacaví Oriente',
  commune: 'Curacaví',
  orientation: 'NORTH_SOUTH',
  dateEvent: '2026-01-15T10:30',
  classificationId: '2',
  realAddress: '',
  email: '',
  fullName: 'Camila Rojas',
  phone: '+56 9 1234 5678',
  rut: '12.345.678-5',
};

function fieldsOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const fields: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) fields[issue.path.join('.')] ??= issue.message;
  return fields;
}

describe('ticket create schema', () => {
  it('parses what a form posts into clean values', () => {
    const parsed = staffTicketCreateSchema.parse({ ...valid, channelCode: 'PHONE' });
    expect(parsed).toMatchObject({
      kilometer: 23.5,
      classificationId: 2,
      realAddress: null,
      email: null,
      phone: '+56912345678',
      rut: '12345678-5',
      channelCode: 'PHONE',
    });
    expect(parsed.dateEvent.toISOString()).toBe('2026-01-15T13:30:00.000Z');
  });

  it('says every required field with its catalogue message', () => {
    const fields = fieldsOf(staffTicketCreateSchema.safeParse({}));
    expect(fields).toEqual({
      description: messages.descriptionRequired,
      kilometer: messages.kilometerRequired,
      sector: messages.sectorRequired,
      commune: messages.communeRequired,
      orientation: messages.orientationRequired,
      dateEvent: messages.dateEventRequired,
      classificationId: messages.classificationRequired,
      fullName: messages.fullNameRequired,
      phone: messages.phoneRequired,
      rut: messages.rutRequired,
      channelCode: messages.channelRequired,
    });
  });

  it('treats blank strings as missing', () => {
    const blank = Object.fromEntries(Object.keys(valid).map((k) => [k, '   ']));
    const fields = fieldsOf(driverTicketCreateSchema.safeParse(blank));
    expect(fields.description).toBe(messages.descriptionRequired);
    expect(fields.kilometer).toBe(messages.kilometerRequired);
    expect(fields.orientation).toBe(messages.orientationRequired);
    expect(fields.classificationId).toBe(messages.classificationRequired);
    expect(fields.email).toBeUndefined();
    expect(fields.realAddress).toBeUndefined();
  });

  it('says what is wrong with bad values', () => {
    const fields = fieldsOf(
      staffTicketCreateSchema.safeParse({
        ...valid,
        kilometer: '12,3456',
        orientation: 'EAST_WEST',
        dateEvent: new Date(Date.now() + 3_600_000).toISOString(),
        email: 'no-es-correo',
        phone: '555',
        rut: '12.345.678-9',
        channelCode: 'FAX',
        classificationId: 'abc',
      }),
    );
    expect(fields).toEqual({
      kilometer: messages.kilometerInvalid,
      orientation: messages.orientationInvalid,
      dateEvent: messages.dateEventFuture,
      email: messages.emailInvalid,
      phone: messages.phoneInvalid,
      rut: messages.rutInvalid,
      channelCode: messages.channelInvalid,
      classificationId: messages.classificationRequired,
    });
  });

  it('allows a few minutes of clock skew but not an hour, and no nonsense dates', () => {
    const soon = new Date(Date.now() + 2 * 60_000).toISOString();
    expect(driverTicketCreateSchema.safeParse({ ...valid, dateEvent: soon }).success).toBe(true);
    expect(fieldsOf(driverTicketCreateSchema.safeParse({ ...valid, dateEvent: '1999-12-31T23:00:00Z' })).dateEvent).toBe(
      messages.dateEventInvalid,
    );
    expect(fieldsOf(driverTicketCreateSchema.safeParse({ ...valid, dateEvent: 'ayer' })).dateEvent).toBe(messages.dateEventInvalid);
  });

  it('limits lengths', () => {
    const over = (max: number) => 'x'.repeat(max + 1);
    const fields = fieldsOf(
      driverTicketCreateSchema.safeParse({
        ...valid,
        description: over(TICKET_LIMITS.description),
        fullName: over(TICKET_LIMITS.fullName),
        sector: over(TICKET_LIMITS.sector),
        commune: over(TICKET_LIMITS.commune),
        realAddress: over(TICKET_LIMITS.realAddress),
      }),
    );
    for (const [field, max] of Object.entries({ description: 2000, fullName: 120, sector: 120, commune: 120, realAddress: 200 })) {
      expect(fields[field]).toBe(formatMessage(messages.tooLong, { max }));
    }
  });

  it('lets a driver leave the channel out', () => {
    expect(driverTicketCreateSchema.safeParse(valid).success).toBe(true);
  });
});

describe('ticket update schema', () => {
  it('keeps absent keys absent and turns blanks into null (clear, unassign)', () => {
    const parsed = ticketUpdateSchema.parse({ description: 'Nuevo texto', realAddress: '', assignedToId: '', statusCode: '', closureReason: '' });
    expect(parsed).toEqual({ description: 'Nuevo texto', realAddress: null, assignedToId: null });
    expect(ticketUpdateSchema.parse({})).toEqual({});
  });

  it('still requires a value for required fields that are sent', () => {
    expect(fieldsOf(ticketUpdateSchema.safeParse({ description: '' })).description).toBe(messages.descriptionRequired);
  });

  it('needs a closure reason to close, even when other fields are wrong too', () => {
    expect(fieldsOf(ticketUpdateSchema.safeParse({ statusCode: 'CLOSED' }))).toEqual({
      closureReason: messages.closureReasonRequired,
    });
    expect(fieldsOf(ticketUpdateSchema.safeParse({ statusCode: 'CLOSED', rut: 'x' }))).toEqual({
      rut: messages.rutInvalid,
      closureReason: messages.closureReasonRequired,
    });
    expect(ticketUpdateSchema.safeParse({ statusCode: 'CLOSED', closureReason: 'RESOLVED' }).success).toBe(true);
    expect(fieldsOf(ticketUpdateSchema.safeParse({ statusCode: 'DONE', closureReason: 'TIRED' }))).toEqual({
      statusCode: messages.statusInvalid,
      closureReason: messages.closureReasonInvalid,
    });
  });

  it('the edit form schema gives a complete body with nulls for blanks', () => {
    const parsed = ticketEditSchema.parse({ ...valid, statusCode: 'IN_PROGRESS' });
    expect(parsed.assignedToId).toBeNull();
    expect(parsed.email).toBeNull();
    expect(ticketUpdateSchema.safeParse({ ...parsed, dateEvent: parsed.dateEvent.toISOString() }).success).toBe(true);
  });
});

describe('ticket list query', () => {
  it('defaults and blank filters', () => {
    const parsed = ticketListQuerySchema.parse({ sector: '', q: '', kmFrom: '' });
    expect(parsed).toMatchObject({ page: 0, size: 10, tab: 'all', sort: 'createdAt:desc' });
    expect(parsed.sector).toBeUndefined();
    expect(parsed.q).toBeUndefined();
  });

  it('reads kilometres with a comma, the unassigned queue and late', () => {
    const parsed = ticketListQuerySchema.parse({ kmFrom: '10,5', kmTo: '20', assignedToId: 'none', late: 'true' });
    expect(parsed).toMatchObject({ kmFrom: 10.5, kmTo: 20, assignedToId: 'none', late: true });
  });

  it('refuses inverted ranges, short searches and sizes over 100', () => {
    expect(fieldsOf(ticketListQuerySchema.safeParse({ kmFrom: '20', kmTo: '10' })).kmTo).toBe(messages.rangeInverted);
    expect(fieldsOf(ticketListQuerySchema.safeParse({ dateFrom: '2026-02-01', dateTo: '2026-01-01' })).dateTo).toBe(
      messages.rangeInverted,
    );
    expect(fieldsOf(ticketListQuerySchema.safeParse({ q: 'ab' })).q).toBe(formatMessage(messages.searchTooShort, { min: 3 }));
    expect(ticketListQuerySchema.safeParse({ size: '101' }).success).toBe(false);
    expect(ticketListQuerySchema.safeParse({ sort: 'folio:asc' }).success).toBe(false);
  });
});
