import { describe, expect, it } from 'vitest';
import { parseKilometer } from './kilometer';
import { kilometerSchemaWithin } from './kilometer-schema';
import { formatMessage, messages } from './messages';
import { ticketCreateSchemaFor } from './ticket';

const road = { minKm: 0, maxKm: 116 };

describe('a kilometre as drivers write it (issue 36)', () => {
  it('takes "km 23,4", "23,4", "23.4", "KM 23" and "Km. 7,5"', () => {
    expect(parseKilometer('km 23,4')).toBe(23.4);
    expect(parseKilometer('23,4')).toBe(23.4);
    expect(parseKilometer('23.4')).toBe(23.4);
    expect(parseKilometer('KM 23')).toBe(23);
    expect(parseKilometer('Km. 7,5')).toBe(7.5);
    expect(parseKilometer('km23')).toBe(23);
    expect(parseKilometer('  km 116 ')).toBe(116);
  });

  it('still refuses words, a bare "km" and more than 3 decimals', () => {
    for (const bad of ['km', 'km ', 'kilómetro 5', 'km 23,4567', 'km -1', '23 km', 'km 2,3,4']) expect(parseKilometer(bad)).toBeNull();
  });

  it("states the road's range when a kilometre is not a number or lies off the road", () => {
    const schema = kilometerSchemaWithin(road);
    expect(schema.safeParse('km 23,4').data).toBe(23.4);
    const notANumber = schema.safeParse('cerca del peaje').error?.issues[0]?.message;
    expect(notANumber).toBe(formatMessage(messages.kilometerInvalidWithin, { min: '0', max: '116' }));
    expect(notANumber).toContain('entre 0 y 116');
    expect(schema.safeParse('117').error?.issues[0]?.message).toBe('El kilómetro debe estar entre 0 y 116');
    expect(schema.safeParse('').error?.issues[0]?.message).toBe(messages.kilometerRequired);
  });

  it("the create form's schema takes the range it is given, and any kilometre without one", () => {
    const withRoad = ticketCreateSchemaFor('DRIVER', road).shape.kilometer;
    const withoutRoad = ticketCreateSchemaFor('DRIVER').shape.kilometer;
    expect(withRoad.safeParse('KM 200').success).toBe(false);
    expect(withoutRoad.safeParse('KM 200').data).toBe(200);
    expect(ticketCreateSchemaFor('OPERATOR', { minKm: 10.5, maxKm: 40 }).shape.kilometer.safeParse('x').error?.issues[0]?.message).toContain('entre 10,5 y 40');
  });
});
