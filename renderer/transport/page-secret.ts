// Browser mode's page secret, page side (what it is for: common/ipc/page-secret.ts). The address the launch key
// redirects to carries it in its fragment; it moves into this origin's localStorage and out of the address bar
// before anything else reads the address. localStorage rather than sessionStorage, so every tab of this origin
// shares it: a tab opened later at the same address works, and a tab left from an earlier launch reconnects once
// the new address was opened in any tab, since each socket it opens reads the secret afresh.
import { pageSecretFromFragment } from '../../common/ipc/page-secret.ts';

const storageKey = 'vigil.pageSecret';
/** Where storage is disabled (a browser setting), the secret lasts as long as this tab. */
let inThisTab: string | undefined;

/** Moves a page secret from the address into storage, and the fragment out of the address bar and history. */
export function takePageSecretFromAddress(): void {
  const secret = pageSecretFromFragment(location.hash);
  if (secret === undefined) return;
  inThisTab = secret;
  try {
    localStorage.setItem(storageKey, secret);
  } catch {
    // Storage is disabled: this tab keeps it in memory.
  }
  history.replaceState(history.state, '', `${location.pathname}${location.search}`);
}

/** The page secret this origin holds, if any. */
export function storedPageSecret(): string | undefined {
  try {
    return localStorage.getItem(storageKey) ?? inThisTab;
  } catch {
    return inThisTab;
  }
}
