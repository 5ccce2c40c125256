/**
 * Leading and trailing throttle: runs at once, then at most once per `waitMs`, and always once more after the
 * last call so the final state (e.g. the final scroll position) is never missed.
 */
export const throttle = <A extends unknown[]>(fn: (...args: A) => void, waitMs: number) => {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: A | undefined;
  const run = () => {
    timer = undefined;
    last = Date.now();
    const args = pending;
    pending = undefined;
    if (args) fn(...args);
  };
  const throttled = (...args: A) => {
    pending = args;
    const remaining = waitMs - (Date.now() - last);
    if (remaining <= 0) {
      if (timer !== undefined) clearTimeout(timer);
      run();
    } else if (timer === undefined) {
      timer = setTimeout(run, remaining);
    }
  };
  throttled.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    pending = undefined;
  };
  return throttled;
};
