import { PlayCircleOutlined, ReloadOutlined, ShoppingCartOutlined, WarningOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { MESSAGES, type PreviewInfo } from '@zyk/shared';
import { Alert, Button, Progress, Tag } from 'antd';
import type HlsType from 'hls.js';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { errorText } from '../../../lib/api-result.ts';
import { formatDuration } from '../../../lib/format.ts';
import { scrollBehavior } from '../../../lib/reduced-motion.ts';
import { countView, retryMediaProcessing, savePlayPosition } from '../api/resource-api.ts';
import { positionToSave, resumePosition, SAVE_EVERY_MS } from '../lib/playback.ts';
import styles from './media-player.module.css';
import placeholder from './preview-placeholder.module.css';

/** The id of the details page's 立即购买 button (resource-details-page.tsx), which the sample's end points to. */
const BUY_BUTTON_ID = 'resource-buy';

type Kind = 'video' | 'audio';
const KIND_NAME: Record<Kind, string> = { video: '视频', audio: '音频' };

/**
 * Where the player reads from. `id` names the source (the renditions, or the original file): a new signed link of
 * the same source (the preview answer refetched) does not reload what is playing, a different source may.
 */
interface Source {
  id: 'renditions' | 'original';
  /** The HLS master playlist, played with hls.js (or the browser's own HLS). */
  hls: string | null;
  /** A file the browser plays as it is: the MP4/M4A fallback, or the original. */
  file: string | null;
}

interface PlaybackProps {
  resourceId: number;
  /** The saved position (seconds) to resume at. */
  startAt: number;
  canSaveProgress: boolean;
  /** Count a play on the first play (false where watching is not using: a reviewer checking a pending resource). */
  countsPlays?: boolean;
  onPlayCounted?: (counts: { viewCount: number; playCount: number }) => void;
}

/**
 * A video's or audio's preview, as onlinePreview describes it: its HLS renditions once transcoded (with the MP4/M4A
 * fallback), meanwhile the original if the browser can play it (or the transcoding's progress, polled), why it
 * cannot play (a failed transcoding, with 重新转码 for the uploader; no transcoder on the server), and for a paid
 * resource not bought, its watermarked sample with a 试看 badge and a notice at its end.
 */
export const MediaPreview = ({
  info,
  onRefetch,
  ...playback
}: PlaybackProps & {
  info: PreviewInfo;
  /** Asks for the preview again (new signed links, the state after a retry). */
  onRefetch: () => Promise<unknown>;
}) => {
  const kind: Kind = info.mode === 'audio' ? 'audio' : 'video';
  const name = KIND_NAME[kind];
  const media = info.media;
  const retry = useMutation({
    mutationFn: () => retryMediaProcessing(info.fileId),
    onSuccess: () => onRefetch(),
  });
  const original: Source | null = info.url ? { id: 'original', hls: null, file: info.url } : null;
  const thumbnail = kind === 'video' ? info.thumbnailUrl : undefined;

  const sample =
    info.sample && media?.sampleSeconds ? (
      <div className={styles.sampleBar}>
        <Tag color="orange" className={styles.sampleTag} data-testid="sample-badge">
          试看 {media.sampleSeconds} 秒
        </Tag>
        <span>付费资源，未购买时可试看开头 {media.sampleSeconds} 秒</span>
      </div>
    ) : null;

  /** The player with what is around it; always at the same place in the tree, so a new source keeps the element. */
  const player = (source: Source, poster: string | undefined, note?: ReactNode) => (
    <div className={styles.preview}>
      {sample}
      <MediaPlayer
        kind={kind}
        source={source}
        poster={poster}
        sampleSeconds={info.sample ? (media?.sampleSeconds ?? null) : null}
        onRefetch={onRefetch}
        {...playback}
      />
      {note}
    </div>
  );

  const retryButton = media?.canRetry ? (
    <Button
      icon={<ReloadOutlined aria-hidden />}
      loading={retry.isPending}
      onClick={() => retry.mutate()}
      data-testid="media-retry"
    >
      重新转码
    </Button>
  ) : null;
  const retryError = retry.isError ? (
    <div className={styles.retryError} role="alert">
      {errorText(retry.error, '重新转码失败，请稍后重试')}
    </div>
  ) : null;

  // An answer without renditions (an older server): the original as it is.
  if (!media) {
    if (original) return player(original, thumbnail);
    return <Unavailable text={info.msg ?? MESSAGES.preview.mediaUnavailable} />;
  }

  switch (media.state) {
    case 'ready': {
      if (!media.hlsUrl && !media.mp4Url && !original) return <Unavailable text={MESSAGES.preview.mediaUnavailable} />;
      const renditions: Source = { id: 'renditions', hls: media.hlsUrl, file: media.mp4Url ?? info.url };
      return player(renditions, kind === 'video' ? (media.posterUrl ?? thumbnail) : undefined);
    }
    case 'pending':
    case 'running': {
      const progress = media.progress ?? 0;
      if (original) {
        return player(
          original,
          thumbnail,
          <div className={styles.note} role="status" data-testid="media-transcoding-note">
            正在转码为流畅播放格式 {progress}%
          </div>,
        );
      }
      return (
        <div className={placeholder.box} role="status" data-testid="media-transcoding">
          <PlayCircleOutlined className={placeholder.icon} aria-hidden />
          <div>
            {name}转码中 {progress}%
          </div>
          <div className={styles.progress}>
            <Progress percent={progress} status="active" showInfo={false} aria-label={`${name}转码进度`} />
          </div>
          <div className={placeholder.hint}>
            {media.state === 'pending' ? '正在排队等候转码，' : ''}完成后即可播放，无需刷新页面
          </div>
        </div>
      );
    }
    case 'failed': {
      const reason = media.error ?? '转码失败';
      if (original) {
        return player(
          original,
          thumbnail,
          <Alert
            type="warning"
            showIcon
            data-testid="media-failed"
            title={`${name}转码失败：${reason}。当前播放的是原文件。`}
            action={retryButton}
            description={retryError}
          />,
        );
      }
      return (
        <div className={placeholder.box} data-testid="media-failed">
          <WarningOutlined className={placeholder.icon} aria-hidden />
          <div>{name}转码失败</div>
          <div className={placeholder.hint}>{reason}</div>
          {retryButton ?? <div className={placeholder.hint}>可以下载后观看</div>}
          {retryError}
        </div>
      );
    }
    default:
      if (original) return player(original, thumbnail);
      return (
        <Unavailable text={media.error ?? MESSAGES.preview.mediaUnavailable}>
          {retryButton}
          {retryError}
        </Unavailable>
      );
  }
};

const Unavailable = ({ text, children }: { text: string; children?: ReactNode }) => (
  <div className={placeholder.box} data-testid="media-unavailable">
    <WarningOutlined className={placeholder.icon} aria-hidden />
    <div>{text}</div>
    {children}
  </div>
);

/**
 * hls.js's light build: the full player without alternate audio, subtitles, DRM and the like, none of which our
 * renditions use (one playlist per quality, audio muxed in), at two thirds of the size. It ships no declarations of
 * its own; the full build's stand in, as the API is the same.
 */
const loadHls = () =>
  // @ts-expect-error -- the light build has no declaration file
  import('hls.js/light') as Promise<typeof import('hls.js')>;

/** How the element is being fed: hls.js (MSE), the browser's own HLS, or a plain file. */
type Feed = 'hls.js' | 'native-hls' | 'file' | null;

const supportsMse = () => typeof window !== 'undefined' && ('MediaSource' in window || 'ManagedMediaSource' in window);

/**
 * The video (or audio) element: HLS through hls.js (loaded only here, a chunk of its own; its worker is off, so the
 * CSP needs no blob: workers), the browser's own HLS where there is no MSE (iOS Safari), the MP4/M4A fallback on a
 * fatal HLS error. Resumes from the user's saved position, saves it every ~10 s while playing, on pause, at the end
 * (back to 0) and when the page is left, and counts a play on the first play of this page. A sample pauses at its
 * end and says so.
 */
const MediaPlayer = ({
  kind,
  resourceId,
  source,
  poster,
  startAt,
  canSaveProgress,
  countsPlays = true,
  onPlayCounted,
  sampleSeconds,
  onRefetch,
}: PlaybackProps & {
  kind: Kind;
  source: Source;
  poster?: string;
  /** Set for a sample: playback stops there. */
  sampleSeconds: number | null;
  onRefetch: () => Promise<unknown>;
}) => {
  const media = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  const played = useRef(false);
  const lastSaved = useRef(startAt);
  /** Where to seek once the next source has loaded: the saved position first, the current one after a switch. */
  const seekOnLoad = useRef<number | null>(startAt);
  const feed = useRef<Feed>(null);
  /** Plays the file source instead (set by the loading effect; the element's error handler calls it). */
  const fallBack = useRef<() => void>(() => undefined);
  const [resumedAt, setResumedAt] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [sampleOver, setSampleOver] = useState<{ canBuy: boolean } | null>(null);

  // A different source is taken up only before playback started: a viewer watching the original while its
  // renditions are finished keeps watching it. A renewed link of the same source is used on the next (re)load.
  const [adopted, setAdopted] = useState(source);
  const urls = useRef(source);
  if (source.id === adopted.id) urls.current = source;
  useEffect(() => {
    if (source.id !== adopted.id && !played.current) setAdopted(source);
  }, [source, adopted.id]);

  const save = useCallback(
    (leaving = false) => {
      const element = media.current;
      if (!element || !canSaveProgress || !played.current) return;
      // The end of a sample is not the end of the lesson: keep the place for after buying.
      const position = positionToSave(element.currentTime, element.ended && sampleSeconds === null);
      if (position === lastSaved.current) return;
      lastSaved.current = position;
      void savePlayPosition(resourceId, position, leaving);
    },
    [canSaveProgress, resourceId, sampleSeconds],
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

  // Loads the adopted source (again after a retry).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new source or a retry loads; a renewed link does not
  useEffect(() => {
    const element = media.current;
    if (!element) return;
    let cancelled = false;
    let hls: HlsType | null = null;
    setFailed(false);
    // Named on the element too (data-feed), for whoever inspects the page.
    const setFeed = (value: Feed) => {
      feed.current = value;
      element.dataset.feed = value ?? '';
    };

    const playFile = () => {
      hls?.destroy();
      hls = null;
      const file = urls.current.file;
      // Already on the file (its own error), or there is none: nothing else to try.
      if (!file || feed.current === 'file') {
        setFeed(null);
        setFailed(true);
        return;
      }
      setFeed('file');
      element.src = file;
    };
    /** After a fatal error mid-way, the fallback carries on from where playback was. */
    const switchToFile = () => {
      if (element.currentTime > 0) seekOnLoad.current = element.currentTime;
      playFile();
    };
    fallBack.current = switchToFile;

    const hlsUrl = urls.current.hls;
    setFeed(null);
    if (!hlsUrl) {
      playFile();
    } else {
      const native = element.canPlayType('application/vnd.apple.mpegurl') !== '';
      const playNativeHls = () => {
        setFeed('native-hls');
        element.src = hlsUrl;
      };
      if (!supportsMse()) {
        if (native) playNativeHls();
        else playFile();
      } else {
        loadHls().then(
          ({ default: Hls }) => {
            if (cancelled) return;
            if (!Hls.isSupported()) {
              if (native) playNativeHls();
              else playFile();
              return;
            }
            const instance = new Hls({ enableWorker: false });
            hls = instance;
            let recovered = false;
            instance.on(Hls.Events.ERROR, (_event, data) => {
              if (!data.fatal || cancelled) return;
              // A decoding hiccup is worth one recovery; anything else (the network, the playlist) goes to the file.
              if (data.type === Hls.ErrorTypes.MEDIA_ERROR && !recovered) {
                recovered = true;
                instance.recoverMediaError();
                return;
              }
              switchToFile();
            });
            setFeed('hls.js');
            instance.loadSource(hlsUrl);
            instance.attachMedia(element);
          },
          () => {
            // The player's script did not arrive (network): the browser's own HLS or the file.
            if (cancelled) return;
            if (native) playNativeHls();
            else playFile();
          },
        );
      }
    }
    return () => {
      cancelled = true;
      hls?.destroy();
      feed.current = null;
    };
  }, [adopted.id, attempt]);

  const onError = () => {
    // hls.js reports its own errors; the element's own source failing moves to the file (or gives up).
    if (feed.current === 'native-hls' || feed.current === 'file') fallBack.current();
  };

  const onLoadedMetadata = () => {
    const element = media.current;
    const at = seekOnLoad.current;
    if (!element || at === null) return;
    seekOnLoad.current = null;
    const position = resumePosition(at, element.duration);
    if (position > 0) {
      element.currentTime = position;
      if (!played.current) setResumedAt(position);
    }
  };

  const onPlay = () => {
    if (played.current) return;
    played.current = true;
    if (!countsPlays) return;
    void countView(resourceId, 'play').then(
      (counts) => counts && onPlayCounted?.(counts),
      () => undefined,
    );
  };

  const endSample = () => {
    media.current?.pause();
    setSampleOver((over) => over ?? { canBuy: document.getElementById(BUY_BUTTON_ID) !== null });
  };
  const onTimeUpdate = () => {
    const element = media.current;
    if (element && sampleSeconds !== null && element.currentTime >= sampleSeconds - 0.25) endSample();
  };
  const onEnded = () => {
    save();
    if (sampleSeconds !== null) endSample();
  };
  const replaySample = () => {
    const element = media.current;
    setSampleOver(null);
    if (!element) return;
    element.currentTime = 0;
    void element.play().catch(() => undefined);
  };
  const goBuy = () => {
    const button = document.getElementById(BUY_BUTTON_ID);
    if (!button) return;
    button.scrollIntoView({ behavior: scrollBehavior(), block: 'center' });
    button.focus({ preventScroll: true });
  };
  const retryLoad = () => {
    const element = media.current;
    if (element && element.currentTime > 0) seekOnLoad.current = element.currentTime;
    void onRefetch().finally(() => setAttempt((n) => n + 1));
  };

  const common = {
    ref: media,
    controls: true,
    preload: 'metadata' as const,
    onLoadedMetadata,
    onPlay,
    onPause: () => save(),
    onEnded,
    onError,
    onTimeUpdate: sampleSeconds !== null ? onTimeUpdate : undefined,
    'data-testid': `preview-${kind}`,
  };
  const name = KIND_NAME[kind];

  const overlay = sampleOver ? (
    <div className={kind === 'video' ? styles.overlay : styles.endNotice} role="status" data-testid="sample-over">
      <div className={styles.overlayText}>试看结束，购买后可{kind === 'video' ? '观看完整视频' : '收听完整音频'}</div>
      <div className={styles.overlayActions}>
        {sampleOver.canBuy && (
          <Button type="primary" danger icon={<ShoppingCartOutlined aria-hidden />} onClick={goBuy}>
            去购买
          </Button>
        )}
        <Button ghost={kind === 'video'} icon={<ReloadOutlined aria-hidden />} onClick={replaySample}>
          重新试看
        </Button>
      </div>
    </div>
  ) : null;

  const failure = failed ? (
    <div className={kind === 'video' ? styles.overlay : styles.endNotice} role="alert" data-testid="media-load-error">
      <div className={styles.overlayText}>{name}加载失败，请检查网络后重试</div>
      <div className={styles.overlayActions}>
        <Button ghost={kind === 'video'} icon={<ReloadOutlined aria-hidden />} onClick={retryLoad}>
          重试
        </Button>
      </div>
    </div>
  ) : null;

  return (
    <div className={styles.player}>
      {kind === 'video' ? (
        <div className={styles.stage}>
          <video {...common} className={styles.video} poster={poster} playsInline />
          {failure ?? overlay}
        </div>
      ) : (
        <>
          <audio {...common} className={styles.audio} />
          {failure ?? overlay}
        </>
      )}
      {resumedAt !== null && (
        <div className={styles.resumed} role="status">
          已从上次观看的位置 {formatDuration(resumedAt)} 继续播放
        </div>
      )}
    </div>
  );
};
