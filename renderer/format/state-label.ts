// A state word as a label: "down" → "Down", "ok" → "OK", "not watching" → "Not watching" (pure).
export function stateLabel(state: string): string {
  if (state === 'ok') return 'OK';
  return state.charAt(0).toUpperCase() + state.slice(1);
}
