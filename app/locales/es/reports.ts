import { REPORTS } from '@contract/report';
import { messages } from '@contract/messages';

/** Screen text of the monthly reports screen and its download errors. */
export const reports = {
  title: 'Reportes',
  intro: 'Elija el reporte, el mes y el formato. El archivo se descarga de inmediato.',
  report: 'Reporte',
  catalogue: {
    report1: { title: REPORTS[1].title, description: 'Cada evento ingresado en el mes, con su estado, plazos y responsable.' },
    report2: { title: REPORTS[2].title, description: 'Totales del mes por tipo, clasificación, canal, estado y sector, con tiempos promedio.' },
    report3: { title: REPORTS[3].title, description: 'Eventos cerrados dentro y fuera de plazo en cada clasificación.' },
  },
  period: 'Periodo',
  month: 'Mes',
  year: 'Año',
  road: {
    title: 'Perfil de la ruta',
    intro: 'Los tramos de la autopista con su sector y su comuna: un evento se ubica en uno de ellos, y los resúmenes se agrupan por ellos.',
    empty: 'La ruta aún no tiene tramos.',
    from: 'Desde (km)',
    to: 'Hasta (km)',
    sector: 'Sector',
    commune: 'Comuna',
    link: 'Ver el perfil de la ruta (sectores y comunas)',
  },
  summaryLink: 'Ver el resumen mensual para la Inspección Fiscal en pantalla (imprimible)',
  accessRecordLink: 'Ver el registro de accesos a datos personales (quién consultó datos de quién)',
  months: ['Enero', 'Febrero', 'Marzo', 'Abril', 'Mayo', 'Junio', 'Julio', 'Agosto', 'Septiembre', 'Octubre', 'Noviembre', 'Diciembre'],
  format: 'Formato',
  formats: { xlsx: 'Excel (.xlsx)', csv: 'CSV (texto separado por punto y coma, como lo abre Excel en Chile)' },
  download: 'Descargar reporte',
  errors: {
    title: 'No se pudo descargar el reporte',
    month: 'Indique un mes entre 1 y 12.',
    year: 'Indique un año válido.',
    report: 'El reporte solicitado no existe.',
    format: 'Elija el formato Excel o CSV.',
    invalid: 'La solicitud no es válida. Revise el reporte, el mes y el año.',
    forbidden: 'Su perfil no tiene permiso para descargar reportes.',
    unavailable: 'El servicio de reportes no está disponible en este momento. Inténtelo de nuevo en unos minutos.',
    failed: 'No se pudo generar el reporte. Inténtelo de nuevo.',
    // Every export place of the API is taken (503 with Retry-After, decision 144).
    busy: `${messages.exportsBusy}.`,
  },
} as const;
