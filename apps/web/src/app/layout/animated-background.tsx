import { useMantineTheme } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import { type Theme, useTheme } from '../../lib/theme';
import { createDots, DOT_COUNT, drawDots, keepInside, moveDots } from './dot-network';

const shades: Record<Theme, number> = { light: 4, medium: 2, dark: 5 };

/**
 * Moving dots linked by fading lines behind the whole page. Decorative only: hidden from assistive
 * technology, never in the way of the pointer, and still under a reduced-motion preference.
 */
export function AnimatedBackground() {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const colour = useMantineTheme().colors.indigo[shades[useTheme()]];
  const reducedMotion = useReducedMotion(false, { getInitialValueInEffect: false });

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    let width = window.innerWidth;
    let height = window.innerHeight;
    const dots = createDots(DOT_COUNT, width, height);
    let frame = 0;

    const resize = () => {
      width = window.innerWidth;
      height = window.innerHeight;
      const ratio = window.devicePixelRatio || 1;
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      keepInside(dots, width, height);
      drawDots(context, dots, colour);
    };
    const animate = () => {
      moveDots(dots, width, height);
      drawDots(context, dots, colour);
      frame = requestAnimationFrame(animate);
    };

    resize();
    window.addEventListener('resize', resize);
    if (!reducedMotion) frame = requestAnimationFrame(animate);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', resize);
    };
  }, [colour, reducedMotion]);

  return (
    <div aria-hidden="true" style={{ position: 'fixed', inset: 0, zIndex: -1, pointerEvents: 'none' }}>
      <canvas ref={canvasRef} style={{ display: 'block', width: '100%', height: '100%' }} />
    </div>
  );
}
