/**
 * WCAG 2.2 contrast, with translucent colours composited over their background first
 * (axe does the same). Pure functions, used by the theme tests.
 */
type Rgba = { r: number; g: number; b: number; a: number };

export function parseColor(color: string): Rgba {
  const value = color.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(value);
  if (hex) {
    const digits = hex[1]!.length === 3 ? [...hex[1]!].map((d) => d + d).join('') : hex[1]!;
    return {
      r: parseInt(digits.slice(0, 2), 16),
      g: parseInt(digits.slice(2, 4), 16),
      b: parseInt(digits.slice(4, 6), 16),
      a: 1,
    };
  }
  const fn = /^rgba?\(([^)]+)\)$/.exec(value);
  if (fn) {
    const parts = fn[1]!.split(/[\s,/]+/).filter(Boolean).map(Number);
    const [r = NaN, g = NaN, b = NaN, a = 1] = parts;
    if ([r, g, b, a].every(Number.isFinite)) return { r, g, b, a };
  }
  throw new Error(`Unsupported colour: ${color}`);
}

/** `top` drawn over an opaque `bottom`. */
export function composite(top: string, bottom: string): Rgba {
  const t = parseColor(top);
  const b = parseColor(bottom);
  const mix = (x: number, y: number) => x * t.a + y * (1 - t.a);
  return { r: mix(t.r, b.r), g: mix(t.g, b.g), b: mix(t.b, b.b), a: 1 };
}

function luminance({ r, g, b }: Rgba): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** Contrast of `foreground` on `background`; either may be translucent over `canvas`. */
export function contrastRatio(foreground: string, background: string, canvas = '#ffffff'): number {
  const bg = composite(background, canvas);
  const bgText = `rgb(${bg.r}, ${bg.g}, ${bg.b})`;
  const fg = composite(foreground, bgText);
  const [light, dark] = [luminance(fg), luminance(bg)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}
