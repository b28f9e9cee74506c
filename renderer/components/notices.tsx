// The notices of what just happened, in a live region at the foot of the main column: in the layout, not over it,
// so a notice never covers a button of the page (the view above scrolls in the height left). Errors are announced
// at once, the rest politely; each notice's age ("2 min ago") ticks with the window's clock and is not announced.
import { useNotices } from '../state/notices-store.ts';
import { RelativeTime } from './relative-time.tsx';

export function Notices() {
  const notices = useNotices((state) => state.notices);
  const dismiss = useNotices((state) => state.dismiss);
  return (
    <div className="notices" aria-live="polite" aria-relevant="additions">
      {notices.map((notice) => (
        <div key={notice.id} className={`notice notice-${notice.tone}`} data-notice-tone={notice.tone}>
          <div className="notice-text">
            <p role={notice.tone === 'error' ? 'alert' : 'status'}>{notice.text}</p>
            <p className="notice-age">
              <RelativeTime at={notice.at} />
            </p>
          </div>
          <button type="button" className="button button-quiet" aria-label={`Dismiss: ${notice.text}`} onClick={() => dismiss(notice.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
