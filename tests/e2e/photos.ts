import sharp from 'sharp';

/** A 4000 × 3000 phone-like photo (a few MB) with the camera's make and GPS position in its EXIF. */
export async function phonePhoto(): Promise<Buffer> {
  const small = Buffer.alloc(400 * 300 * 3);
  for (let i = 0; i < small.length; i++) small[i] = (i * 7919 + ((i / 1200) | 0) * 31) % 251;
  return sharp(small, { raw: { width: 400, height: 300, channels: 3 } })
    .resize(4000, 3000, { kernel: 'nearest' })
    .jpeg({ quality: 95 })
    .withExif({ IFD0: { Make: 'TestPhone', Model: 'X1' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 26/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '71/1 6/1 0/1' } })
    .toBuffer();
}
