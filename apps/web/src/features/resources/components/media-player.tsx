import { useCallback, useEffect, useRef, useState } from 'react';
import { formatDuration } from '../../../lib/format.ts';
import { countView, savePlayPosition } from '../api/resource-api.ts';
import { positionToSave, resumePosition, SAVE_EVERY_MS } from '../lib/playback.ts';
import styles from './media-player.module.css';

/**
 * The video (or audio) player: resumes from the user's saved position, saves it every ~10 s while playing, on
 * pause, at the end (back to 0) and when the page is left, and counts a play on the first play of this page.
 */
export const MediaPlayer = ({
  kind,
  resourceId,
  src,
  poster,
  startAt,
  canSaveProgress,
  onPlayCounted,
}: {
  kind: 'video' | 'audio';
  resourceId: number;
  src: string;
  poster?: string;
  startAt: number;
  canSaveProgress: boolean;
  onPlayCounted?: (counts: { viewCount: number; playCount: number }) => void;
}) => {
  const media = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  const played = useRef(false);
  const lastSaved = useRef(startAt);
  const [resumedAt, setResumedAt] = useState<number | null>(null);

  const save = useCallback(
    (leaving = false) => {
      const element = media.current;
      if (!element || !canSaveProgress || !played.current) return;
      const position = positionToSave(element.currentTime, element.ended);
      if (position === lastSaved.current) return;
      lastSaved.current = position;
      void savePlayPosition(resourceId, position, leaving);
    },
    [canSaveProgress, resourceId],
  );

  // Every 10 s while playing; when the tab is hidden or the page is left; when the player goes away.
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (media.current && !media.current.paused) save();
    }, SAVE_EVERY_MS);
    const onHide = () => save(true);
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') save(true);
    };
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
      save(true);
    };
  }, [save]);

  const onLoadedMetadata = () => {
    const element = media.current;
    if (!element) return;
    const at = resumePosition(startAt, element.duration);
    if (at > 0) {
      element.currentTime = at;
      setResumedAt(at);
    }
  };

  const onPlay = () => {
    if (played.current) return;
    played.current = true;
    void countView(resourceId, 'play').then(
      (counts) => counts && onPlayCounted?.(counts),
      () => undefined,
    );
  };

  const common = {
    ref: media,
    src,
    controls: true,
    preload: 'metadata' as const,
    onLoadedMetadata,
    onPlay,
    onPause: () => save(),
    onEnded: () => save(),
    'data-testid': `preview-${kind}`,
  };

  return (
    <div className={styles.player}>
      {kind === 'video' ? (
        <video {...common} className={styles.video} poster={poster} playsInline />
      ) : (
        <audio {...common} className={styles.audio} />
      )}
      {resumedAt !== null && (
        <div className={styles.resumed} role="status">
          已从上次观看的位置 {formatDuration(resumedAt)} 继续播放
        </div>
      )}
    </div>
  );
};
