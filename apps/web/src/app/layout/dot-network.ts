export const DOT_COUNT = 80;
/** Dots closer than this many CSS pixels are linked by a line. */
export const LINK_DISTANCE = 120;
const MAX_SPEED = 0.35;
const DOT_RADIUS = 2;
// Faint, so that text over the background stays easy to read.
const LINE_ALPHA = 0.3;
const DOT_ALPHA = 0.5;

export interface Dot {
  x: number;
  y: number;
  vx: number;
  vy: number;
}

export function createDots(count: number, width: number, height: number, random = Math.random): Dot[] {
  return Array.from({ length: count }, () => ({
    x: random() * width,
    y: random() * height,
    vx: (random() * 2 - 1) * MAX_SPEED,
    vy: (random() * 2 - 1) * MAX_SPEED,
  }));
}

/** Moves every dot one frame on, bouncing off the edges. */
export function moveDots(dots: Dot[], width: number, height: number): void {
  for (const dot of dots) {
    dot.x += dot.vx;
    dot.y += dot.vy;
    if (dot.x < 0 || dot.x > width) dot.vx = -dot.vx;
    if (dot.y < 0 || dot.y > height) dot.vy = -dot.vy;
  }
  keepInside(dots, width, height);
}

/** Pulls dots back inside the area, e.g. after the window shrank. */
export function keepInside(dots: Dot[], width: number, height: number): void {
  for (const dot of dots) {
    dot.x = Math.min(Math.max(dot.x, 0), width);
    dot.y = Math.min(Math.max(dot.y, 0), height);
  }
}

/** Line opacity: full when two dots touch, fading to nothing at the link distance. */
export function linkOpacity(distance: number): number {
  return distance >= LINK_DISTANCE ? 0 : 1 - distance / LINK_DISTANCE;
}

export function drawDots(context: CanvasRenderingContext2D, dots: Dot[], colour: string): void {
  const { width, height } = context.canvas;
  context.clearRect(0, 0, width, height);
  context.strokeStyle = colour;
  context.fillStyle = colour;
  context.lineWidth = 1;
  for (let i = 0; i < dots.length; i++) {
    const a = dots[i]!;
    for (let j = i + 1; j < dots.length; j++) {
      const b = dots[j]!;
      const opacity = linkOpacity(Math.hypot(a.x - b.x, a.y - b.y));
      if (opacity === 0) continue;
      context.globalAlpha = opacity * LINE_ALPHA;
      context.beginPath();
      context.moveTo(a.x, a.y);
      context.lineTo(b.x, b.y);
      context.stroke();
    }
  }
  context.globalAlpha = DOT_ALPHA;
  for (const dot of dots) {
    context.beginPath();
    context.arc(dot.x, dot.y, DOT_RADIUS, 0, Math.PI * 2);
    context.fill();
  }
  context.globalAlpha = 1;
}
