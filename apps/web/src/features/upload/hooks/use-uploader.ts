import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Uploader } from '../lib/upload-helper.ts';
import type { UploaderEvent, UploaderOptions, UploadItem } from '../lib/upload-types.ts';

/**
 * One upload helper for the life of a screen: its queue as React state, its messages to `onMessage`. The helper is
 * destroyed (requests aborted; saved upload info kept for a later resume) when the screen goes away. Under
 * StrictMode's mount–unmount–mount the destruction is deferred a tick, so the remount keeps the same helper.
 */
export const useUploader = (
  options: UploaderOptions,
  onEvent?: (event: UploaderEvent) => void,
): { uploader: Uploader; items: readonly UploadItem[] } => {
  const [uploader] = useState(() => new Uploader(options));
  const onEventRef = useRef(onEvent);
  onEventRef.current = onEvent;

  useEffect(() => {
    const unsubscribe = uploader.subscribe((event) => onEventRef.current?.(event));
    mounted.set(uploader, (mounted.get(uploader) ?? 0) + 1);
    return () => {
      unsubscribe();
      mounted.set(uploader, (mounted.get(uploader) ?? 1) - 1);
      setTimeout(() => {
        if ((mounted.get(uploader) ?? 0) === 0) uploader.destroy();
      }, 0);
    };
  }, [uploader]);

  const items = useSyncExternalStore(uploader.subscribe, uploader.getItems, uploader.getItems);
  return { uploader, items };
};

const mounted = new WeakMap<Uploader, number>();
