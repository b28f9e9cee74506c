// Whether the OS asks for light or dark, followed as it changes: what CSS does with prefers-color-scheme, for the
// parts drawn in script (the chart's canvas).
import { useSyncExternalStore } from 'react';

const query = '(prefers-color-scheme: dark)';

function subscribe(onChange: () => void): () => void {
  if (typeof matchMedia !== 'function') return () => undefined;
  const list = matchMedia(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

const current = (): 'light' | 'dark' => (typeof matchMedia === 'function' && matchMedia(query).matches ? 'dark' : 'light');

export function useColorScheme(): 'light' | 'dark' {
  return useSyncExternalStore(subscribe, current);
}
