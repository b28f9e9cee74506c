// The tray model: level, counts, tooltip and menu entries for one connection. Pure.
export { defaultMaxTrayItems, rankItems, trayItems, type RankedItem, type TrayItemsInput } from './tray-items.ts';
export { trayModel, type TrayInput, type TrayModel } from './tray-model.ts';
export {
  countsSummary,
  MAX_TOOLTIP_LENGTH,
  trayTooltip,
  type TooltipInput,
  type TooltipSituation,
  type TrayCounts,
} from './tray-tooltip.ts';
