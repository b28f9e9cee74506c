// The architecture's import table (docs/architecture.md), in one place. The `vigil/layer-imports` lint rule
// enforces it; each layer's tsconfig enforces the matching `lib`/`types`.
//
//   mayImport  layers whose files this layer may import (its own folder is always allowed)
//   typeOnly   layers this layer may import only with `import type`
//   node       may import Node built-ins (`node:fs`, `fs`, …)
//   electron   'runtime' | 'type' (only `import type`) | 'never'
//   packages   false when only relative imports of allowed layers (and zod) are permitted

export const layers = [
  {
    name: 'common',
    dir: 'common',
    runsIn: 'anywhere',
    mayImport: [],
    typeOnly: [],
    node: false,
    electron: 'never',
    packages: ['zod'],
  },
  {
    name: 'service',
    dir: 'service',
    runsIn: 'Node',
    mayImport: ['common'],
    typeOnly: [],
    node: true,
    electron: 'never',
    packages: true,
  },
  {
    name: 'main/core',
    dir: 'main/core',
    runsIn: 'Node',
    mayImport: ['common'],
    typeOnly: [],
    node: true,
    electron: 'type',
    packages: true,
  },
  {
    name: 'main/electron',
    dir: 'main/electron',
    runsIn: 'Electron main',
    mayImport: ['common', 'service', 'main/core'],
    typeOnly: [],
    node: true,
    electron: 'runtime',
    packages: true,
  },
  {
    name: 'preload',
    dir: 'preload',
    runsIn: 'Electron preload (sandboxed)',
    mayImport: [],
    typeOnly: ['common'],
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
    packages: true,
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
