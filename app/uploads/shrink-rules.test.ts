import { describe, expect, it } from 'vitest';
import { isShrinkable, shrunkNameOf, shrunkTypeOf, worthShrinking } from './shrink-rules';

describe('which photos are shrunk, and into what', () => {
  it('shrinks what browsers decode and leaves HEIC and PDF as they are', () => {
    expect(['image/jpeg', 'image/png', 'image/webp'].map(isShrinkable)).toEqual([true, true, true]);
    expect(['image/heic', 'application/pdf', ''].map(isShrinkable)).toEqual([false, false, false]);
  });

  it('keeps JPEG as JPEG and makes PNG and WebP into WebP, naming the file after its new type', () => {
    expect(shrunkTypeOf('image/jpeg')).toBe('image/jpeg');
    expect(shrunkTypeOf('image/png')).toBe('image/webp');
    expect(shrunkNameOf('IMG_0001.JPG', 'image/jpeg')).toBe('IMG_0001.JPG');
    expect(shrunkNameOf('captura.png', 'image/webp')).toBe('captura.webp');
    expect(shrunkNameOf('foto', 'image/jpeg')).toBe('foto.jpg');
  });

  it('always re-encodes a JPEG (its metadata goes), and leaves a small PNG or WebP as it is', () => {
    expect(worthShrinking('image/jpeg', 10_000)).toBe(true);
    expect(worthShrinking('image/png', 10_000)).toBe(false);
    expect(worthShrinking('image/png', 3_000_000)).toBe(true);
    expect(worthShrinking('application/pdf', 3_000_000)).toBe(false);
  });
});
