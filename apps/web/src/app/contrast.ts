/**
 * WCAG contrast arithmetic for the theme: Mantine's default palettes put white text on shade 6
 * (2:1 for yellow, 2.4:1 for green) and shade 9 on shade 1 (2.8:1 for yellow), below the 4.5:1 AA
 * asks of text. The theme picks, per palette, the first shade that reads, else darkens it.
 */
const channels = (hex: string): number[] => {
  const h = hex.replace('#', '');
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16) / 255);
};

const luminance = (hex: string): number => {
  const [r = 0, g = 0, b = 0] = channels(hex).map((v) =>
    v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

export const contrast = (a: string, b: string): number => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

/** `hex` mixed with black by `amount` (0 to 1). */
const darken = (hex: string, amount: number): string =>
  `#${channels(hex)
    .map((v) =>
      Math.round(v * (1 - amount) * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** AA for text, with a little margin for anti-aliasing. */
export const READABLE = 4.6;

/** The first of `shades` (in order) that reads on every background, else the last one darkened until it does. */
export function readableOn(backgrounds: string[], shades: string[]): string {
  const reads = (c: string) => backgrounds.every((bg) => contrast(c, bg) >= READABLE);
  const found = shades.find(reads);
  if (found) return found;
  let color = shades.at(-1)!;
  for (let step = 1; step <= 20 && !reads(color); step++) color = darken(shades.at(-1)!, step * 0.05);
  return color;
}
