// The four levels every watched item is judged on (common/ipc/views.ts `Health`), ranked for lists that put the
// worst first: the tray, the window, the CLI.
import type { Health } from '../../../common/ipc/views.ts';

export type { Health };

/** 0 for critical up to 3 for ok, so a plain numeric sort puts the worst first (menus, CLI lists). */
export function healthRank(health: Health): number {
  switch (health) {
    case 'critical':
      return 0;
    case 'warning':
      return 1;
    case 'unknown':
      return 2;
    case 'ok':
      return 3;
  }
}
