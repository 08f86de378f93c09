/** Test data every suite shares (browser, replicas): no test runner imported here. */

/** A valid new ticket as a driver would report it, at km 30 an hour ago. */
export function ticketBody(overrides: Record<string, unknown> = {}) {
  return {
    description: `Bache profundo en la pista derecha ${Math.random().toString(36).slice(2, 8)}`,
    kilometer: '30,5',
    sector: 'Curacaví Oriente',
    commune: 'Curacaví',
    orientation: 'NORTH_SOUTH',
    dateEvent: new Date(Date.now() - 3_600_000).toISOString(),
    classificationId: 2,
    email: 'conductor@concesion.demo',
    fullName: 'Juan Pérez',
    phone: '+56955555555',
    rut: '15432876-9',
    channelCode: 'WEB',
    ...overrides,
  };
}
