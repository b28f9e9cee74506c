// A status as a word with a colour (never the colour alone): "Down", "Late", "Expires in 5 days".
import type { Health } from '../../common/ipc/views.ts';

export function HealthBadge({ health, label }: { health: Health | 'saving'; label: string }) {
  return <span className={`badge badge-${health}`}>{label}</span>;
}
