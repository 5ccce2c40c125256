import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { useOutlet } from 'react-router-dom';

/**
 * A page that stays alive while one of its child routes is shown ("kept alive": a list and its
 * details). The page is rendered once it has been visited and is only hidden while the child shows, so its
 * filters, loaded pages and queries survive; its scroll position is put back on return. A child route reached
 * directly (a details page opened from search) does not make the page load.
 */
export const KeptAlive = ({ children }: { children: ReactNode }) => {
  const outlet = useOutlet();
  const away = outlet !== null;
  const [visited, setVisited] = useState(!away);
  if (!away && !visited) setVisited(true);

  // The scroll position when the child route was opened: read while rendering that change, before the page
  // is hidden and the root layout scrolls the child to the top.
  const savedScroll = useRef(0);
  const wasAway = useRef(away);
  if (away !== wasAway.current) {
    if (away && typeof window !== 'undefined') savedScroll.current = window.scrollY;
    wasAway.current = away;
  }

  useLayoutEffect(() => {
    if (away || savedScroll.current <= 0) return;
    const y = savedScroll.current;
    // After this commit's remaining layout effects (the root layout's scroll-to-top on navigation), before paint.
    queueMicrotask(() => window.scrollTo(0, y));
  }, [away]);

  return (
    <>
      {visited && (
        <div hidden={away} data-kept-alive={away ? 'hidden' : 'shown'}>
          {children}
        </div>
      )}
      {outlet}
    </>
  );
};
