import sharp from 'sharp';

/** Santiago's Plaza de Armas, as a phone writes it: what must never reach the store. */
export const LOCATION_EXIF = {
  IFD0: { Make: 'Acme', Model: 'Fono X' },
  IFD2: { BodySerialNumber: 'SN-4815162342' },
  IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 26/1 15/1', GPSLongitudeRef: 'W', GPSLongitude: '70/1 39/1 1/1' },
};
export const SERIAL = 'SN-4815162342';
const XMP =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
  '<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="33,26.25S" exif:GPSLongitude="70,39.01W"/></rdf:RDF></x:xmpmeta>';

export type PhotoFormat = 'jpeg' | 'png' | 'webp' | 'avif';

/**
 * A noisy photo (every pixel differs) with GPS, a camera serial number and XMP with the position,
 * made by sharp as a phone's would be. `orientation` as the camera wrote it (6: turned 90°).
 */
export async function photoWithLocation(format: PhotoFormat, options: { width?: number; height?: number; orientation?: number } = {}) {
  const { width = 64, height = 48, orientation } = options;
  let image = sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .withExif(LOCATION_EXIF)
    .withXmp(XMP);
  if (orientation) image = image.withMetadata({ orientation });
  return image.toFormat(format).toBuffer();
}

/** The same HEIF file labelled HEIC (its brands): sharp writes AVIF, a HEIF of the same structure (meta, iinf, iloc, Exif item). */
export function asHeic(avif: Buffer): Buffer {
  const heic = Buffer.from(avif);
  const ftypEnd = heic.readUInt32BE(0);
  for (let i = heic.indexOf('avif', 8, 'latin1'); i >= 0 && i < ftypEnd; i = heic.indexOf('avif', i + 4, 'latin1')) heic.write('heic', i, 'latin1');
  return heic;
}
