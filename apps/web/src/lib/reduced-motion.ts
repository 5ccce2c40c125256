import { useSyncExternalStore } from 'react';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** Whether the person has asked their system for less motion (read at the moment of asking). */
export const prefersReducedMotion = () => window.matchMedia?.(REDUCED_MOTION).matches ?? false;

/** Smooth scrolling, unless the person asked for less motion. */
export const scrollBehavior = (): ScrollBehavior => (prefersReducedMotion() ? 'auto' : 'smooth');

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia?.(REDUCED_MOTION);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
};

/** The same, kept current: a change in the system setting re-renders. */
export const useReducedMotion = () => useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
