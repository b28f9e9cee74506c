// Whether the page runs in the desktop app's window (the preload bridge put `window.vigil` there), as opposed to a
// browser tab served by `vigil web`: alerts are native notifications from main in the first, the page's own in the
// second.
export function hasDesktopBridge(): boolean {
  return (globalThis as { vigil?: unknown }).vigil !== undefined;
}
