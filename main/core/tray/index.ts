// The tray model: each server's part (level, counts, ranked items), then all of them combined into the level,
// tooltip and menu entries. Pure.
export { rollUp, worstLevel } from './roll-up.ts';
export { assessAgain, assessServer, serverTray, serverTrayOf, setAsideOf, shownSnapshot, tally, type ServerLevel, type ServerTray, type ServerTrayInput, type Tally } from './server-tray.ts';
export { defaultMaxTrayItems, mergeByRank, mergeRanked, mergeWithValues, rankItems, rankOf, trayItems, type RankedItem, type TrayItemsInput, type TrayServer, type UnwatchedServer } from './tray-items.ts';
export { trayModel, type TrayInput, type TrayModel } from './tray-model.ts';
export {
  countsSummary,
  emptyCounts,
  MAX_TOOLTIP_LENGTH,
  trayTooltip,
  type TooltipInput,
  type TooltipServer,
  type TooltipSituation,
  type TrayCounts,
} from './tray-tooltip.ts';
