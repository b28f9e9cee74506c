// The tray model: level, counts, tooltip and menu entries for one connection. Pure.
export { formatClockTime } from './clock-time.ts';
export { defaultMaxTrayItems, trayItems, type TrayItem, type TrayItemsInput } from './tray-items.ts';
export { trayModel, type TrayInput, type TrayLevel, type TrayModel } from './tray-model.ts';
export {
  countsSummary,
  MAX_TOOLTIP_LENGTH,
  trayTooltip,
  type TooltipInput,
  type TooltipSituation,
  type TrayCounts,
} from './tray-tooltip.ts';
