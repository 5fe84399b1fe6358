import { create } from 'qrcode';
import { describe, expect, it } from 'vitest';
import { QUIET_ZONE, qrPath } from './qr-path';

describe('the join QR code', () => {
  it('draws every dark module of the code, inside its quiet zone', () => {
    const address = 'https://cards.example.org/play?code=123456';
    const { size, path } = qrPath(address);
    const { modules } = create(address, { errorCorrectionLevel: 'M' });
    expect(size).toBe(modules.size + 2 * QUIET_ZONE);
    const drawn = new Set(path.match(/M\d+ \d+/g));
    let dark = 0;
    for (let row = 0; row < modules.size; row++)
      for (let column = 0; column < modules.size; column++) {
        const key = `M${column + QUIET_ZONE} ${row + QUIET_ZONE}`;
        expect(drawn.has(key)).toBe(Boolean(modules.get(row, column)));
        if (modules.get(row, column)) dark++;
      }
    expect(drawn.size).toBe(dark);
    // The finder pattern's corner: the first module is dark.
    expect(drawn.has(`M${QUIET_ZONE} ${QUIET_ZONE}`)).toBe(true);
  });
});
