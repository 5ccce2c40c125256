import { CheckCircleOutlined, ExportOutlined } from '@ant-design/icons';
import { RESOURCE_TYPE_LABELS } from '@zyk/shared';
import { Alert, Button, Skeleton } from 'antd';
import { type SyntheticEvent, useCallback, useEffect, useRef } from 'react';
import { LoadError } from '../../../components/status.tsx';
import { errorText } from '../../../lib/api-result.ts';
import { formatDuration } from '../../../lib/format.ts';
import { detailsPath } from '../../../lib/resource-paths.ts';
import type { Lesson } from '../api/classroom-types.ts';
import { useLessonMedia, useSaveStudy } from '../hooks/use-classroom.ts';
import styles from './classroom.module.css';

/** How often the position is saved while a lesson video plays. */
const SAVE_EVERY_MS = 10_000;

/**
 * One lesson being studied: its video or audio (resuming from `startAt`, saving the position while it plays, on
 * pause and at the end, which completes the lesson), or its document with a button that completes it. Progress is
 * saved only for a logged-in user; a visitor is asked to log in.
 */
export const LessonPlayer = ({
  courseId,
  lesson,
  startAt,
  loggedIn,
  onLogin,
}: {
  courseId: number;
  lesson: Lesson;
  startAt: number;
  loggedIn: boolean;
  onLogin: () => void;
}) => {
  const media = useLessonMedia(lesson.resourceId);
  const save = useSaveStudy(courseId);
  const { mutate } = save;
  const element = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  const lastSaved = useRef<number | null>(null);
  const preview = media.data?.preview ?? null;
  const playable = preview?.mode === 'video' || preview?.mode === 'audio';
  // Lessons play the progressive rendition (H.264/AAC, any browser); until it is made, the original if a browser
  // plays it as it is.
  const source = playable ? (preview?.media?.mp4Url ?? preview?.url ?? null) : null;
  const mediaState = playable ? preview?.media : null;

  const record = useCallback(
    (position: number, completed: boolean) => {
      if (!loggedIn) return;
      if (!completed && lastSaved.current === position) return;
      lastSaved.current = position;
      mutate({ titleId: lesson.id, position, completed });
    },
    [loggedIn, lesson.id, mutate],
  );

  // A document lesson counts as opened (the place to resume) once it is shown.
  useEffect(() => {
    if (media.data && !playable && !lesson.progress) record(0, false);
  }, [media.data, playable, lesson.progress, record]);

  // While playing: every 10 s.
  useEffect(() => {
    if (!playable) return;
    const timer = window.setInterval(() => {
      const el = element.current;
      if (el && !el.paused) record(Math.floor(el.currentTime), false);
    }, SAVE_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [playable, record]);

  /** The player's wiring: start at `startAt`, save on pause, complete at the end. */
  const mediaProps = (src: string) => ({
    ref: element,
    src,
    controls: true,
    preload: 'metadata' as const,
    onLoadedMetadata: (event: SyntheticEvent<HTMLMediaElement>) => {
      const el = event.currentTarget;
      if (startAt > 0 && startAt < el.duration - 3) el.currentTime = startAt;
    },
    onPause: (event: SyntheticEvent<HTMLMediaElement>) => {
      if (!event.currentTarget.ended) record(Math.floor(event.currentTarget.currentTime), false);
    },
    onEnded: (event: SyntheticEvent<HTMLMediaElement>) => record(Math.floor(event.currentTarget.duration), true),
  });

  if (lesson.resourceId === null) {
    return <Alert type="info" showIcon title="该课时暂无学习资源" />;
  }
  if (media.isPending) return <Skeleton active title paragraph={{ rows: 8 }} />;
  if (media.isError) {
    return <LoadError message={errorText(media.error, '课时资源加载失败')} onRetry={() => void media.refetch()} />;
  }
  const { resource } = media.data;
  const completed = lesson.progress?.completed ?? false;

  return (
    <div className={styles.player} data-testid="lesson-player" data-lesson-id={lesson.id}>
      <h2 className={styles.playerTitle}>{lesson.title}</h2>
      {playable && source ? (
        preview?.mode === 'video' ? (
          <video className={styles.video} data-testid="lesson-video" {...mediaProps(source)} />
        ) : (
          <audio className={styles.audio} {...mediaProps(source)} />
        )
      ) : mediaState && mediaState.state !== 'ready' ? (
        <div className={styles.documentCard} role="status" data-testid="lesson-media-state">
          {mediaState.state === 'pending' || mediaState.state === 'running'
            ? `正在转码，完成后即可播放（${mediaState.progress ?? 0}%）`
            : (mediaState.error ?? '暂时无法播放')}
        </div>
      ) : preview?.mode === 'pdf' && preview.url ? (
        <iframe className={styles.document} src={preview.url} title={lesson.title} />
      ) : preview?.mode === 'image' && preview.url ? (
        <img className={styles.image} src={preview.url} alt={lesson.title} />
      ) : (
        <div className={styles.documentCard}>
          <div>{RESOURCE_TYPE_LABELS[resource.type]}</div>
          <strong>{resource.title}</strong>
        </div>
      )}
      <div className={styles.playerBar}>
        <span data-testid="lesson-progress">
          {completed ? (
            <span className={styles.done}>
              <CheckCircleOutlined aria-hidden /> 已学完
            </span>
          ) : lesson.progress && lesson.progress.position > 0 ? (
            `已学到 ${formatDuration(lesson.progress.position)}`
          ) : lesson.progress ? (
            '学习中'
          ) : (
            '未学习'
          )}
        </span>
        <a href={detailsPath(resource.type, resource.id)} target="_blank" rel="noopener">
          <ExportOutlined aria-hidden /> 查看资源详情
        </a>
        {!loggedIn ? (
          <Button type="link" onClick={onLogin}>
            登录后记录学习进度
          </Button>
        ) : (
          !playable &&
          !completed && (
            <Button type="primary" loading={save.isPending} onClick={() => record(0, true)}>
              标记为已学完
            </Button>
          )
        )}
      </div>
      {save.isError && <Alert type="error" showIcon title={errorText(save.error, '学习进度保存失败')} />}
    </div>
  );
};
