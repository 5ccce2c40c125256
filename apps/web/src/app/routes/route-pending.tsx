/** Shown while the first page's code loads; plain markup so it needs nothing that is still loading. */
export const RoutePending = () => (
  <div className="zyk-boot" role="status" aria-live="polite">
    <div className="zyk-boot-spinner" aria-hidden />
    <div>正在加载…</div>
  </div>
);
