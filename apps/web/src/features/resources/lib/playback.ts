/** How often the position is saved while playing (about every 10 s, and on pause and unload). */
export const SAVE_EVERY_MS = 10_000;

/** Where to start: the saved position, unless there is none or it is (almost) the end. */
export const resumePosition = (saved: number, duration: number) =>
  saved > 0 && Number.isFinite(duration) && saved < duration - 3 ? saved : 0;

/** The position to save: whole seconds, and 0 once the end is reached (the next visit starts over). */
export const positionToSave = (currentTime: number, ended: boolean) =>
  ended || !Number.isFinite(currentTime) ? 0 : Math.max(0, Math.floor(currentTime));
