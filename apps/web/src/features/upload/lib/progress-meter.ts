import type { Timers } from './transport.ts';

/**
 * Progress and bitrate of one running upload. `onProgress` is called every `progressMs` when the bytes or the bitrate
 * moved; the bitrate (bits per second) is measured every `bitrateMs` over that window and goes out with the next
 * progress call.
 */
export class ProgressMeter {
  bitrate = 0;
  private lastEmitted: number;
  private lastBitrate = 0;
  private rateLoaded: number;
  private rateAt: number;
  private readonly handles: unknown[];

  constructor(
    private readonly timers: Timers,
    loaded: () => number,
    onProgress: () => void,
    intervals: { progressMs: number; bitrateMs: number },
  ) {
    this.lastEmitted = loaded();
    this.rateLoaded = this.lastEmitted;
    this.rateAt = timers.now();
    this.handles = [
      timers.setInterval(() => {
        const bytes = loaded();
        if (bytes === this.lastEmitted && this.bitrate === this.lastBitrate) return;
        this.lastEmitted = bytes;
        this.lastBitrate = this.bitrate;
        onProgress();
      }, intervals.progressMs),
      timers.setInterval(() => {
        const at = timers.now();
        const bytes = loaded();
        const elapsed = at - this.rateAt;
        if (elapsed <= 0) return;
        this.bitrate = Math.max(0, Math.round(((bytes - this.rateLoaded) * 8 * 1000) / elapsed));
        this.rateLoaded = bytes;
        this.rateAt = at;
      }, intervals.bitrateMs),
    ];
  }

  stop() {
    for (const handle of this.handles) this.timers.clearInterval(handle);
    this.bitrate = 0;
  }
}
