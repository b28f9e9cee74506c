// Which icon file shows each level on each platform (files made by build/generate-icons.ts): macOS template
// images (black + alpha, recoloured by the menu bar; `@2x` picked up by nativeImage), Windows .ico, Linux PNG.
import type { Level } from '../../../common/ipc/views.ts';

export function trayIconFile(level: Level, platform: NodeJS.Platform): string {
  if (platform === 'darwin') return `tray-${level}Template.png`;
  if (platform === 'win32') return `tray-${level}.ico`;
  return `tray-${level}.png`;
}
