/** A drag as the page saw it: [x, y] in CSS pixels from where it began, t in ms since then. */
export type TrackPoint = readonly [x: number, y: number, t: number];

/** Why a drag was judged not to be a hand's, or null when it may be one. */
export type TrackFault =
  | 'too-few'
  | 'out-of-order'
  | 'too-fast'
  | 'elsewhere'
  | 'jump'
  | 'constant-speed'
  | 'no-wobble';

/** A hand's drag has at least this many pointer events (60 a second at the least, for most of a second). */
const MIN_POINTS = 6;
/** Nobody finds the hole and drops the piece in it faster than this. */
const MIN_DURATION_MS = 150;
/** The last point may be this far from the reported drop (rounding at another display scale). */
const END_SLACK_PX = 2;
/** No single step of a hand covers this share of the whole way moved. */
const MAX_STEP_SHARE = 0.5;
/**
 * A hand speeds up and slows down: the position strays from the straight line between the first and last point in
 * time by more than this share of the distance. Constant speed (any number of evenly spaced steps) stays within it.
 */
const MIN_SPEED_BEND = 0.04;
/** A hand moving sideways drifts up or down by a pixel at least. */
const MIN_WOBBLE_PX = 1;

/**
 * Judges a drag against what hands do, as commercial slider puzzles do: enough points, in time order, not too fast,
 * ending where the drop was reported, no single jump, not at one speed, not along a ruler. A bot can still forge a
 * track; this makes the cheap ones (one POST, a straight constant-speed glide) fail.
 */
export const trackFault = (track: readonly TrackPoint[], dropX: number): TrackFault | null => {
  if (track.length < MIN_POINTS) return 'too-few';
  for (let i = 1; i < track.length; i++) if (track[i]![2] < track[i - 1]![2]) return 'out-of-order';
  const first = track[0]!;
  const last = track[track.length - 1]!;
  const duration = last[2] - first[2];
  if (duration < MIN_DURATION_MS) return 'too-fast';
  if (Math.abs(last[0] - dropX) > END_SLACK_PX) return 'elsewhere';

  let travelled = 0;
  let longestStep = 0;
  for (let i = 1; i < track.length; i++) {
    const step = Math.abs(track[i]![0] - track[i - 1]![0]);
    travelled += step;
    longestStep = Math.max(longestStep, step);
  }
  if (travelled === 0 || longestStep > travelled * MAX_STEP_SHARE) return 'jump';

  const distance = Math.abs(last[0] - first[0]);
  let bend = 0;
  for (const [x, , t] of track) {
    const onLine = first[0] + ((last[0] - first[0]) * (t - first[2])) / duration;
    bend = Math.max(bend, Math.abs(x - onLine));
  }
  if (bend <= Math.max(distance, 1) * MIN_SPEED_BEND) return 'constant-speed';

  const ys = track.map((point) => point[1]);
  if (Math.max(...ys) - Math.min(...ys) < MIN_WOBBLE_PX) return 'no-wobble';
  return null;
};
