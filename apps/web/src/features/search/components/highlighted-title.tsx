import styles from './search-page.module.css';

/** A title cut into segments by the server; hits are marked. Plain text only: React escapes every segment. */
export const HighlightedTitle = ({ segments }: { segments: readonly { text: string; hit: boolean }[] }) => (
  <>
    {segments.map((segment, i) =>
      segment.hit ? (
        // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional and never reordered
        <mark key={i} className={styles.hit}>
          {segment.text}
        </mark>
      ) : (
        // biome-ignore lint/suspicious/noArrayIndexKey: as above
        <span key={i}>{segment.text}</span>
      ),
    )}
  </>
);
