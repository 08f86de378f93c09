import { expect, test } from '@playwright/test';
import { demo, ready, signInDirectly } from './fixtures';

/**
 * The admin imports the road's axis as GeoJSON (decision 156), with JavaScript on and off (both
 * projects): a broken file shows every fault in Spanish; a good one replaces the axis. The demo
 * axis goes back at the end, as the other specs' positions rely on it (the one imported meanwhile
 * keeps their carriageway towards Santiago, so they hold while this runs beside them).
 */
test.describe.configure({ mode: 'serial' });

test('the admin sees the axis, imports a broken and a good one, and gets the demo one back', async ({ page }) => {
  await signInDirectly(page, demo.admin);
  await page.goto('/admin/road');
  await page.getByRole('link', { name: 'Eje de la ruta y destinos de cada sentido' }).click();
  await expect(page.getByRole('heading', { name: 'Eje de la ruta y destinos', level: 1 })).toBeVisible();
  await expect(page.getByText('Calzada: Norte a Sur (hacia Valparaíso) · Puntos: 233 · Desde km 0 hasta km 116')).toBeVisible();
  const download = await page.request.get('/admin/road/axis/download');
  expect(download.headers()['content-type']).toContain('application/geo+json');
  const demoAxis = await download.text();
  expect(JSON.parse(demoAxis).features).toHaveLength(2);

  await ready(page);
  const broken = {
    type: 'FeatureCollection',
    features: [{ type: 'Feature', properties: { orientation: 'BOTH', km: [5, 4, 130] }, geometry: { type: 'LineString', coordinates: [[-70.7, -33.45], [-70.71, -33.45], [-70.72, -95]] } }],
  };
  await page.getByLabel('O pegue aquí el GeoJSON').fill(JSON.stringify(broken));
  await page.getByRole('button', { name: 'Importar el eje' }).click();
  const errors = page.getByRole('alert').filter({ hasText: 'El eje no se guardó' });
  await expect(errors.getByRole('listitem')).toHaveText([
    'Línea 1, punto 2: el kilómetro 4 debe ser mayor que el del punto anterior (5)',
    'Línea 1, punto 3: la coordenada debe ser [longitud, latitud] en grados WGS84 (longitud -180 a 180, latitud -90 a 90)',
    'Línea 1, punto 3: el kilómetro 130 está fuera del perfil de la ruta (0 a 116)',
  ]);

  // A good one: the demo's carriageway towards Santiago alone (the other specs' positions still project onto it).
  const good = { ...JSON.parse(demoAxis), features: [JSON.parse(demoAxis).features[1]] };
  await page.getByLabel('Archivo GeoJSON').setInputFiles({ name: 'eje.geojson', mimeType: 'application/geo+json', buffer: Buffer.from(JSON.stringify(good)) });
  await page.getByRole('button', { name: 'Importar el eje' }).click();
  await expect(page.getByText('El eje de la ruta quedó guardado')).toBeVisible();
  await expect(page.getByText('Calzada: Sur a Norte (hacia Santiago) · Puntos: 233 · Desde km 0 hasta km 116')).toBeVisible();
  await expect(page.getByText('Calzada: Norte a Sur')).toHaveCount(0);

  await page.getByLabel('Archivo GeoJSON').setInputFiles({ name: 'demo.geojson', mimeType: 'application/geo+json', buffer: Buffer.from(demoAxis) });
  await page.getByRole('button', { name: 'Importar el eje' }).click();
  await expect(page.getByText('Calzada: Norte a Sur (hacia Valparaíso) · Puntos: 233 · Desde km 0 hasta km 116')).toBeVisible();
});
