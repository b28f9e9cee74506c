// The architecture's import table (docs/architecture.md), in one place. The `vigil/layer-imports` lint rule
// enforces it; each layer's tsconfig enforces the matching `lib`/`types`.
//
//   mayImport  layers whose files this layer may import (its own folder is always allowed)
//   typeOnly   layers this layer may import only with `import type`
//   node       may import Node built-ins (`node:fs`, `fs`, …)
//   electron   'runtime' | 'type' (only `import type`) | 'never'
//   packages   the npm packages this layer may import at run time (build tooling such as vite never: it belongs
//              to scripts/); type-only imports of any package are allowed

export const layers = [
  {
    name: 'common',
    dir: 'common',
    runsIn: 'anywhere',
    mayImport: [],
    typeOnly: [],
    node: false,
    electron: 'never',
    packages: ['zod', '@date-fns/tz', 'croner', 'punycode'],
  },
  {
    name: 'service',
    dir: 'service',
    runsIn: 'Node',
    mayImport: ['common'],
    typeOnly: [],
    node: true,
    electron: 'never',
    packages: ['fastify', 'jose', 'nodemailer', 'zod'],
  },
  {
    name: 'main/core',
    dir: 'main/core',
    runsIn: 'Node',
    mayImport: ['common'],
    typeOnly: [],
    node: true,
    electron: 'type',
    packages: ['@napi-rs/keyring', 'atomically', 'eventsource-parser', 'zod'],
  },
  {
    name: 'main/browser-mode',
    dir: 'main/browser-mode',
    runsIn: 'Node (browser mode: the core served to a browser tab)',
    mayImport: ['common', 'main/core'],
    typeOnly: [],
    node: true,
    electron: 'never',
    packages: ['ws'],
  },
  {
    name: 'main/cli',
    dir: 'main/cli',
    runsIn: 'Node (the command line: vigil status, watch, history, maintenance…)',
    mayImport: ['common', 'main/core'],
    typeOnly: [],
    node: true,
    electron: 'never',
    packages: [],
  },
  {
    name: 'main/electron',
    dir: 'main/electron',
    runsIn: 'Electron main',
    mayImport: ['common', 'service', 'main/core'],
    typeOnly: [],
    node: true,
    electron: 'runtime',
    packages: ['electron', 'electron-log', 'electron-updater', 'zod'],
  },
  {
    name: 'preload',
    dir: 'preload',
    runsIn: 'Electron preload (sandboxed)',
    // The contract's names are bundled in; test/architecture/preload-imports.test.ts keeps zod and every other
    // package out of what the preload reaches.
    mayImport: ['common'],
    typeOnly: [],
    node: false,
    electron: 'runtime',
    packages: ['electron'],
  },
  {
    name: 'renderer',
    dir: 'renderer',
    runsIn: 'the browser',
    mayImport: ['common'],
    typeOnly: [],
    node: false,
    electron: 'never',
    packages: ['react', 'react-dom', 'zustand', 'zod', 'uplot'],
  },
];

// Tooling and tests run in plain Node and may reach into every layer, but still never load Electron at runtime:
// in Node that import would try to download the Electron binary.
export const toolingLayer = {
  name: 'tooling',
  dir: '',
  runsIn: 'Node (tests and tooling)',
  mayImport: layers.map((layer) => layer.name),
  typeOnly: [],
  node: true,
  electron: 'type',
  packages: true,
};
