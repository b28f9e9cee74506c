// The notices of what just happened, in a live region: errors are announced at once, the rest politely.
import { useNotices } from '../state/notices-store.ts';

export function Notices() {
  const notices = useNotices((state) => state.notices);
  const dismiss = useNotices((state) => state.dismiss);
  return (
    <div className="notices" aria-live="polite">
      {notices.map((notice) => (
        <div key={notice.id} className={`notice notice-${notice.tone}`} role={notice.tone === 'error' ? 'alert' : 'status'}>
          <p>{notice.text}</p>
          <button type="button" className="button button-quiet" aria-label={`Dismiss: ${notice.text}`} onClick={() => dismiss(notice.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
