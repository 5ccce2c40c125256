import { ArrowRightOutlined, CheckOutlined, CloseOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { MESSAGES } from '@zyk/shared';
import { message, Spin } from 'antd';
import {
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
  type SyntheticEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { authKeys } from '../api/auth-keys.ts';
import { type CaptchaAnswer, type DropEvidence, getPuzzle, verifyPuzzle } from '../api/captcha.ts';
import { type ProofKind, startProofs } from '../lib/proof-of-work.ts';
import styles from './slider-captcha.module.css';

/** The piece's natural size until its image says otherwise (the server's piece box is 50 px). */
const DEFAULT_PIECE_PX = 50;
/** How long a missed drop stays red before the handle slides back. */
const FAILED_SHOW_MS = 500;
/** The drag's points sent with the answer are thinned out past this many (the server takes up to 1,000). */
const TRACK_POINTS = 600;

type Phase = 'idle' | 'dragging' | 'verifying' | 'success' | 'failed';

// Every puzzle gets its own query key: a puzzle is good for one login, so it must never come back from the cache.
let puzzleCounter = 0;
const nextPuzzleId = () => {
  puzzleCounter += 1;
  return puzzleCounter;
};

const round = (value: number, digits: number) => Number(value.toFixed(digits));

export interface SliderCaptchaProps {
  /** The solved puzzle (serial, offset, ratio), or null/undefined while unsolved. Works as an antd Form control. */
  value?: CaptchaAnswer | null;
  onChange?: (answer: CaptchaAnswer | null) => void;
  id?: string;
}

/**
 * The slider puzzle: drag the handle (mouse, touch or pen; arrow keys and Enter work too) until the
 * piece sits in the hole, release to have it checked. 1: the handle locks and the answer is emitted; 0: 验证失败
 * and the handle goes back; anything else: 验证失败 and a new puzzle. When the form clears a solved answer (the
 * login used the puzzle up), a new puzzle is fetched.
 */
export const SliderCaptcha = ({ value, onChange, id }: SliderCaptchaProps) => {
  const [toast, toastHolder] = message.useMessage();
  const [puzzleId, setPuzzleId] = useState(nextPuzzleId);
  const puzzle = useQuery({
    queryKey: authKeys.captcha(puzzleId),
    queryFn: getPuzzle,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });

  const [phase, setPhase] = useState<Phase>('idle');
  const [offset, setOffset] = useState(0);
  const [scale, setScale] = useState(1);
  const [pieceNatural, setPieceNatural] = useState(DEFAULT_PIECE_PX);
  const frameRef = useRef<HTMLDivElement>(null);
  const drag = useRef<{
    pointerId: number;
    startX: number;
    startY: number;
    startTime: number;
    track: [number, number, number][];
  } | null>(null);
  const proofs = useRef<ReturnType<typeof startProofs> | null>(null);
  const offsetRef = useRef(0);
  const failTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const natural = puzzle.data ? { width: puzzle.data.width, height: puzzle.data.height } : { width: 310, height: 160 };
  const pieceSize = pieceNatural * scale;
  const maxOffset = Math.max(0, natural.width * scale - pieceSize);

  // The picture shrinks on narrow screens; the ratio (wbili) goes to the server with the offset. Layout sizes, not
  // getBoundingClientRect: the dialog's opening animation scales everything for a moment.
  useLayoutEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const apply = (width: number) => {
      if (width > 0) setScale(Math.min(1, width / natural.width));
    };
    apply(frame.offsetWidth);
    const observer = new ResizeObserver((entries) => {
      for (const entry of entries) apply(entry.contentRect.width);
    });
    observer.observe(frame);
    return () => observer.disconnect();
  }, [natural.width]);

  const move = useCallback((x: number) => {
    offsetRef.current = x;
    setOffset(x);
  }, []);

  const resetHandle = useCallback(() => {
    clearTimeout(failTimer.current);
    drag.current = null;
    move(0);
    setPhase('idle');
  }, [move]);

  const renew = useCallback(() => {
    resetHandle();
    setPieceNatural(DEFAULT_PIECE_PX);
    setPuzzleId(nextPuzzleId());
  }, [resetHandle]);

  useEffect(() => () => clearTimeout(failTimer.current), []);

  // The proof of work is searched for from the moment a puzzle arrives, and dropped with it.
  const serial = puzzle.data?.captchaSerialNumber;
  useEffect(() => {
    if (!serial) return;
    const search = startProofs(serial);
    proofs.current = search;
    return () => {
      search.stop();
      if (proofs.current === search) proofs.current = null;
    };
  }, [serial]);

  // A solved answer the form has cleared was used by a login attempt: it cannot be used again. Watching the value
  // go from an answer to nothing (not the phase) keeps this independent of the order the two updates render in.
  const lastValue = useRef(value);
  useEffect(() => {
    const had = lastValue.current;
    lastValue.current = value;
    if (had && !value) renew();
  }, [value, renew]);

  const refresh = () => {
    if (phase === 'verifying') return;
    if (value) {
      lastValue.current = null; // cleared here, renewed below: not a second time by the effect
      onChange?.(null);
    }
    renew();
  };

  const verify = async (x: number, kind: ProofKind, track?: [number, number, number][]) => {
    const data = puzzle.data;
    const search = proofs.current;
    if (!data || !search) return;
    if (x < 1) {
      resetHandle(); // a click without a drag is not an attempt
      return;
    }
    const answer: CaptchaAnswer = {
      captchaSerialNumber: data.captchaSerialNumber,
      moveEnd_X: scale === 1 ? Math.round(x) : round(x, 2),
      wbili: scale === 1 ? 1 : round(scale, 4),
    };
    setPhase('verifying');
    let outcome: Awaited<ReturnType<typeof verifyPuzzle>>;
    try {
      const evidence: DropEvidence = { nonce: await search.proof(kind), ...(track ? { track } : {}) };
      outcome = await verifyPuzzle(answer, evidence);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : MESSAGES.captcha.failed);
      resetHandle();
      return;
    }
    if (outcome.result === 'success') {
      setPhase('success');
      onChange?.(answer);
      return;
    }
    toast.error(outcome.result === 'renew' ? outcome.msg : MESSAGES.captcha.failed);
    if (outcome.result === 'renew') {
      renew();
      return;
    }
    setPhase('failed');
    failTimer.current = setTimeout(resetHandle, FAILED_SHOW_MS);
  };

  const ready = puzzle.isSuccess && (phase === 'idle' || phase === 'dragging');

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!ready || phase !== 'idle' || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.preventDefault();
    event.currentTarget.focus();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = {
      pointerId: event.pointerId,
      startX: event.clientX - offsetRef.current,
      startY: event.clientY,
      startTime: event.timeStamp,
      track: [[round(offsetRef.current, 1), 0, 0]],
    };
    setPhase('dragging');
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const x = Math.min(maxOffset, Math.max(0, event.clientX - current.startX));
    move(x);
    // The server judges the drag by its points (a hand's speed changes, it wobbles); a long one keeps every other.
    if (current.track.length >= TRACK_POINTS) current.track = current.track.filter((_, i) => i % 2 === 0);
    current.track.push([
      round(x, 1),
      round(event.clientY - current.startY, 1),
      Math.max(0, Math.round(event.timeStamp - current.startTime)),
    ]);
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    drag.current = null;
    void verify(offsetRef.current, 'drag', current.track);
  };

  const onPointerCancel = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointerId === event.pointerId) resetHandle();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!ready || phase !== 'idle') return;
    const step = event.shiftKey ? 10 : 1;
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft' || event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      const next =
        event.key === 'Home'
          ? 0
          : event.key === 'End'
            ? maxOffset
            : offsetRef.current + (event.key === 'ArrowRight' ? step : -step);
      move(Math.min(maxOffset, Math.max(0, next)));
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      void verify(offsetRef.current, 'keyboard');
    }
  };

  const onPieceLoad = (event: SyntheticEvent<HTMLImageElement>) => {
    const width = event.currentTarget.naturalWidth;
    if (width > 0) setPieceNatural(width);
  };

  const status =
    phase === 'success'
      ? '验证通过'
      : phase === 'failed'
        ? MESSAGES.captcha.failed
        : phase === 'verifying'
          ? '正在验证…'
          : '向右拖动滑块，使拼图块与缺口对齐';

  // Once the handle has moved, the text goes to the wider side of it instead of under it.
  const trackWidth = natural.width * scale;
  const hintPlace: CSSProperties =
    offset <= 0
      ? { left: pieceSize, right: 0 }
      : offset > trackWidth - offset - pieceSize
        ? { left: 0, width: offset }
        : { left: offset + pieceSize, right: 0 };

  const rootClass = [styles.captcha, styles[phase]].filter(Boolean).join(' ');

  return (
    <div className={rootClass} id={id} data-testid="slider-captcha" data-phase={phase}>
      {toastHolder}
      <div
        ref={frameRef}
        className={styles.frame}
        style={{ aspectRatio: `${natural.width} / ${natural.height}`, maxWidth: natural.width }}
      >
        {puzzle.data && (
          <>
            <img className={styles.background} src={puzzle.data.srcImage} alt="拼图背景" draggable={false} />
            <img
              className={styles.piece}
              src={puzzle.data.cutImage}
              alt=""
              aria-hidden
              draggable={false}
              data-testid="captcha-piece"
              onLoad={onPieceLoad}
              style={{ left: offset, top: puzzle.data.yposition * scale, width: pieceSize, height: pieceSize }}
            />
          </>
        )}
        {puzzle.isPending && (
          <div className={styles.overlay}>
            <Spin size="small" />
            <span>拼图加载中…</span>
          </div>
        )}
        {puzzle.isError && (
          <div className={styles.overlay} role="alert">
            <span>{puzzle.error.message}</span>
            <button type="button" className={styles.linkButton} onClick={refresh}>
              重新加载
            </button>
          </div>
        )}
        <button
          type="button"
          className={styles.refresh}
          onClick={refresh}
          disabled={phase === 'verifying'}
          title="换一张"
          aria-label="换一张拼图"
        >
          <ReloadOutlined aria-hidden />
        </button>
      </div>
      <div className={styles.track} style={{ maxWidth: natural.width }}>
        <div className={styles.fill} style={{ width: offset > 0 ? offset + pieceSize / 2 : 0 }} aria-hidden />
        <span className={styles.hint} style={hintPlace} aria-live="polite">
          {status}
        </span>
        <div
          role="slider"
          tabIndex={puzzle.isSuccess && phase !== 'success' ? 0 : -1}
          aria-label="拼图滑块：向右拖动，使拼图块与缺口对齐后松开"
          aria-valuemin={0}
          aria-valuemax={Math.round(maxOffset)}
          aria-valuenow={Math.round(offset)}
          aria-valuetext={phase === 'success' ? '验证通过' : `${Math.round(offset)} 像素`}
          aria-disabled={!ready}
          className={styles.handle}
          style={{ width: pieceSize, transform: `translateX(${offset}px)` }}
          data-testid="captcha-handle"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerCancel}
          onLostPointerCapture={onPointerCancel}
          onKeyDown={onKeyDown}
        >
          {phase === 'success' ? (
            <CheckOutlined aria-hidden />
          ) : phase === 'failed' ? (
            <CloseOutlined aria-hidden />
          ) : (
            <ArrowRightOutlined aria-hidden />
          )}
        </div>
      </div>
    </div>
  );
};
