// A StatusView with nothing in it, for fixtures to build on: each adds what its tests are about.
import type { StatusView } from '../../common/ipc/views.ts';

export const emptyStatus: Readonly<StatusView> = Object.freeze({
  level: 'ok',
  situation: 'ok',
  tooltip: 'Vigil',
  connection: undefined,
  items: [],
  trayItems: [],
  monitors: [],
  heartbeats: [],
  domains: [],
});
