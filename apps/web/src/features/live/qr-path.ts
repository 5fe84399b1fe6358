import { create } from 'qrcode';

/** Modules of white border a reader needs around the code. */
export const QUIET_ZONE = 4;

/**
 * A QR code of the text as one SVG path of its dark modules, one unit each, inside a square of
 * `size` units (the quiet zone included).
 */
export function qrPath(text: string): { size: number; path: string } {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row++)
    for (let column = 0; column < modules.size; column++)
      if (modules.get(row, column)) parts.push(`M${column + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`);
  return { size: modules.size + QUIET_ZONE * 2, path: parts.join('') };
}
