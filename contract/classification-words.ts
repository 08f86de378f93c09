/**
 * Each classification in plain words (issue 36, decision 162): the specification's names stay as
 * they are (docs/specification.md), these examples are shown beside them so a driver recognises
 * what they saw. Keyed by name, since the names are the reference data's (api/platform/db/seed/reference-data.ts);
 * a classification an administrator adds has none until one is written here.
 */
export const CLASSIFICATION_WORDS: Readonly<Record<string, string>> = {
  'Cobro de peaje': 'cobro mal hecho, doble cobro, tarifa equivocada, TAG o pórtico',
  'Estado del pavimento': 'baches, grietas, hundimientos, calzada rota',
  'Atención en plaza de peaje': 'trato del personal, espera larga, caseta cerrada',
  'Daños a vehículo': 'neumático o llanta rota, vidrio trizado por piedra, golpe por el camino',
  'Señalización deficiente': 'letrero caído, sucio o que no se ve, pintura borrada, falta de luces',
  'Mejora de señalización': 'un letrero o una marca que ayudaría',
  'Servicios al usuario': 'baños, áreas de descanso, teléfonos de emergencia, información',
  'Otras sugerencias': 'cualquier otra idea para la ruta',
  'Accidente de tránsito': 'choque, volcamiento, atropello',
  'Objeto en la calzada': 'piedras, neumático, carga caída, basura en la pista',
  'Vehículo detenido': 'auto o camión en pana, detenido en la pista o la berma',
  'Animal en la vía': 'perro, caballo, vaca u otro animal en la ruta',
  'Incendio en faja vial': 'fuego o humo al borde de la ruta, pastizales quemándose',
};

export const classificationWords = (name: string): string | undefined => CLASSIFICATION_WORDS[name];
