// The four levels every watched item is judged on, shared by the alert policy, the tray and the CLI.

export type Health = 'critical' | 'warning' | 'unknown' | 'ok';

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
