import { type RefObject, useEffect } from 'react';

const MARGIN = 8;

/**
 * Keeps an element inside the part of the page that can be seen: above a phone's on-screen keyboard
 * (which shrinks the visual viewport, not the layout) while a field in it has the focus, and whenever
 * `shown` turns true (the feedback of an answer appeared in it).
 */
export function useKeepInView(ref: RefObject<HTMLElement | null>, shown: boolean) {
  useEffect(() => {
    const viewport = window.visualViewport;
    const keep = () => {
      const element = ref.current;
      if (!element) return;
      const box = element.getBoundingClientRect();
      const top = viewport ? viewport.offsetTop : 0;
      const bottom = top + (viewport ? viewport.height : window.innerHeight);
      // Scrolled up as far as needed to show its bottom, but never past its top.
      const below = box.bottom + MARGIN - bottom;
      const above = top + MARGIN - box.top;
      if (below > 0) window.scrollBy({ top: Math.min(below, box.top - top - MARGIN) });
      else if (above > 0) window.scrollBy({ top: -above });
    };
    if (shown) keep();
    if (!viewport) return;
    const onResize = () => {
      // Only while the learner types here: the keyboard opened or closed.
      if (shown || ref.current?.contains(document.activeElement)) keep();
    };
    viewport.addEventListener('resize', onResize);
    return () => viewport.removeEventListener('resize', onResize);
  }, [ref, shown]);
}
