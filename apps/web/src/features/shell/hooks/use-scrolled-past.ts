import { SCROLL_THRESHOLD_PX, SCROLL_THROTTLE_MS } from '@zyk/shared';
import { useEffect, useState } from 'react';
import { throttle } from '../../../lib/throttle.ts';

/** Whether the page is scrolled past the threshold (176 px), read at most every 100 ms. */
export const useScrolledPast = (threshold = SCROLL_THRESHOLD_PX) => {
  const [past, setPast] = useState(() => typeof window !== 'undefined' && window.scrollY > threshold);
  useEffect(() => {
    const update = throttle(() => setPast(window.scrollY > threshold), SCROLL_THROTTLE_MS);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => {
      window.removeEventListener('scroll', update);
      update.cancel();
    };
  }, [threshold]);
  return past;
};
