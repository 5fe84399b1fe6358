import { describe, expect, it } from 'vitest';
import { createDots, keepInside, LINK_DISTANCE, linkOpacity, moveDots } from './dot-network';

describe('dot network', () => {
  it('fades links with distance and drops them from 120 px on', () => {
    expect(LINK_DISTANCE).toBe(120);
    expect(linkOpacity(0)).toBe(1);
    expect(linkOpacity(60)).toBeCloseTo(0.5);
    expect(linkOpacity(120)).toBe(0);
    expect(linkOpacity(300)).toBe(0);
  });

  it('keeps dots inside the window, bouncing off its edges', () => {
    const dots = createDots(80, 200, 100);
    expect(dots).toHaveLength(80);
    for (let frame = 0; frame < 2000; frame++) moveDots(dots, 200, 100);
    for (const dot of dots) {
      expect(dot.x).toBeGreaterThanOrEqual(0);
      expect(dot.x).toBeLessThanOrEqual(200);
      expect(dot.y).toBeGreaterThanOrEqual(0);
      expect(dot.y).toBeLessThanOrEqual(100);
    }
    keepInside(dots, 50, 50);
    expect(dots.every(({ x, y }) => x <= 50 && y <= 50)).toBe(true);
  });
});
