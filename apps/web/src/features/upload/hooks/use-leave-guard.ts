import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';

/**
 * While `active` (files still uploading), leaving the screen asks first: in-app navigation through the router's
 * blocker, closing or reloading the tab through the browser's own prompt.
 */
export const useLeaveGuard = (active: boolean) => {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => active && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [active]);
  return blocker;
};
