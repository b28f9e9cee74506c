// Proof that the import table of docs/architecture.md is enforced: deliberate violations are refused by lint
// (`vigil/layer-imports`) and by each layer's tsconfig (`lib`/`types`), while the allowed forms pass.
import path from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: repoRoot });

async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'vigil/layer-imports').map((m) => m.message);
}

describe('lint refuses imports across layers', () => {
  it.each([
    ['renderer/probe.ts', `import { readFileSync } from 'node:fs';\nexport const read = readFileSync;`, /renderer\/ may not import 'node:fs'/],
    ['renderer/probe.ts', `import { readFileSync } from 'fs';\nexport const read = readFileSync;`, /may not import 'fs'/],
    ['common/probe.ts', `import { app } from 'electron';\nexport const a = app;`, /common\/ may not import 'electron'/],
    ['common/probe.ts', `import type { App } from 'electron';\nexport type A = App;`, /common\/ may not import 'electron'/],
    ['common/probe.ts', `import { useState } from 'react';\nexport const s = useState;`, /may only use the packages zod/],
    ['common/probe.ts', `import { x } from '../service/x.ts';\nexport const y = x;`, /may not depend on service\//],
    ['main/core/probe.ts', `import { app } from 'electron';\nexport const a = app;`, /only `import type` of electron/],
    ['main/core/probe.ts', `import { x } from '../electron/x.ts';\nexport const y = x;`, /may not depend on main\/electron\//],
    ['service/probe.ts', `export const load = () => import('electron');`, /service\/ may not import 'electron'/],
    ['renderer/probe.ts', `import { x } from '../main/core/x.ts';\nexport const y = x;`, /may not depend on main\/core\//],
    ['preload/probe.ts', `import { z } from 'zod';\nexport const y = z;`, /may only use the packages electron/],
    ['preload/probe.ts', `import { x } from '../main/core/x.ts';\nexport const y = x;`, /may not depend on main\/core\//],
    ['main/core/probe.ts', `export const load = () => import('vite');`, /may only use the packages/],
    ['main/core/probe.ts', `import { x } from '../browser-mode/x.ts';\nexport const y = x;`, /may not depend on main\/browser-mode\//],
    ['main/browser-mode/probe.ts', `import { build } from 'vite';\nexport const b = build;`, /may only use the packages ws/],
    ['main/browser-mode/probe.ts', `import { app } from 'electron';\nexport const a = app;`, /main\/browser-mode\/ may not import 'electron'/],
    ['preload/probe.ts', `import { readFileSync } from 'node:fs';\nexport const read = readFileSync;`, /preload\/ may not import 'node:fs'/],
    ['test/probe.test.ts', `const electron = require('electron');\nexport const e = electron;`, /Tests and tooling may not import 'electron'/],
    ['scripts/probe.ts', `import { app } from 'electron';\nexport const a = app;`, /only `import type` of electron/],
  ])('%s: %s', async (file, code, expected) => {
    const errors = await layerErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(expected);
  });
});

describe('lint allows what the table allows', () => {
  it.each([
    ['main/electron/probe.ts', `import { app } from 'electron';\nexport const a = app;`],
    ['main/electron/probe.ts', `import { x } from '../core/x.ts';\nimport { y } from '../../service/y.ts';\nexport const z = [x, y];`],
    ['preload/probe.ts', `import { contextBridge } from 'electron';\nimport { x } from '../common/ipc/x.ts';\nexport const c = [contextBridge, x];`],
    ['main/browser-mode/probe.ts', `import { WebSocketServer } from 'ws';\nimport { x } from '../core/x.ts';\nexport const y = [x, WebSocketServer];`],
    ['main/core/probe.ts', `import type { App } from 'electron';\nimport { readFileSync } from 'node:fs';\nexport type A = App;\nexport const r = readFileSync;`],
    ['renderer/probe.ts', `import { x } from '../common/x.ts';\nimport { useState } from 'react';\nexport const y = [x, useState];`],
    ['common/probe.ts', `import { z } from 'zod';\nimport { x } from './api/x.ts';\nexport const y = [x, z];`],
    ['test/probe.test.ts', `import type { App } from 'electron';\nimport { x } from '../renderer/x.ts';\nexport type A = App;\nexport const y = x;`],
  ])('%s', async (file, code) => {
    expect(await layerErrors(file, code)).toEqual([]);
  });
});

function typeErrors(layer: string, code: string): string[] {
  const configPath = path.join(repoRoot, layer, 'tsconfig.json');
  const config = ts.getParsedCommandLineOfConfigFile(configPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  if (!config) throw new Error(`cannot read ${configPath}`);
  const probe = path.join(repoRoot, layer, '__layer_probe__.ts');
  const host = ts.createCompilerHost(config.options);
  const { getSourceFile, fileExists } = host;
  host.fileExists = (name) => name === probe || fileExists(name);
  host.getSourceFile = (name, version, ...rest) =>
    name === probe ? ts.createSourceFile(name, code, version) : getSourceFile(name, version, ...rest);
  const program = ts.createProgram([probe], config.options, host);
  return ts
    .getPreEmitDiagnostics(program, program.getSourceFile(probe))
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe("each layer's tsconfig refuses APIs its runtime does not have", () => {
  it.each([
    ['renderer', `import { readFileSync } from 'node:fs';\nexport const read = readFileSync;`, /Cannot find (module|name) 'node:fs'/],
    ['renderer', `export const env = process.env;`, /Cannot find name 'process'/],
    ['common', `export const title = document.title;`, /Cannot find name 'document'/],
    ['common', `export const env = process.env;`, /Cannot find name 'process'/],
    ['main/core', `export const w = window.location;`, /Cannot find name 'window'/],
    ['service', `export const el = document.createElement('div');`, /Cannot find name 'document'/],
  ])('%s: %s', (layer, code, expected) => {
    expect(typeErrors(layer, code).join('\n')).toMatch(expected);
  });

  it.each([
    ['main/core', `import { readFileSync } from 'node:fs';\nexport const read = readFileSync;`],
    ['renderer', `export const title = document.title;`],
    ['common', `export const now = new Date().toISOString();`],
  ])('%s accepts: %s', (layer, code) => {
    expect(typeErrors(layer, code)).toEqual([]);
  });
});
