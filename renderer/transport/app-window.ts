// Whether the page runs in the app's own window (the preload bridge is there), as opposed to a browser tab
// served by `vigil web`: alerts are native notifications from main in the first, the page's own in the second.
export function inAppWindow(): boolean {
  return (globalThis as { vigil?: unknown }).vigil !== undefined;
}
