import { type RefObject, useEffect, useState } from 'react';

export interface ScrollEdges {
  /** Content is hidden to the left (scrolled away). */
  before: boolean;
  /** Content is hidden to the right (not reached yet). */
  after: boolean;
}

const NONE: ScrollEdges = { before: false, after: false };
/** Sub-pixel layouts leave a scroller a fraction short of its end. */
const SLACK_PX = 2;

/**
 * Which sides of a sideways scroller hide content, kept up to date on scroll and on resize of the scroller or of
 * its children. `contentKey` changes when the children do (they are observed afresh).
 */
export const useScrollEdges = (ref: RefObject<HTMLElement | null>, contentKey?: unknown): ScrollEdges => {
  const [edges, setEdges] = useState(NONE);
  // biome-ignore lint/correctness/useExhaustiveDependencies: contentKey re-observes the new children
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => {
      const before = el.scrollLeft > SLACK_PX;
      const after = el.scrollLeft + el.clientWidth < el.scrollWidth - SLACK_PX;
      setEdges((old) => (old.before === before && old.after === after ? old : { before, after }));
    };
    update();
    el.addEventListener('scroll', update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(el);
    for (const child of el.children) observer.observe(child);
    return () => {
      el.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, [ref, contentKey]);
  return edges;
};
