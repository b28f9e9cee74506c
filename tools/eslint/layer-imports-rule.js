// Lint rule `vigil/layer-imports`: refuses imports that cross the architecture's layer boundaries.
// It resolves relative imports to the layer folder they land in, so `../main/core/x.ts` from renderer/ is
// caught however it is spelled, and it checks static imports, re-exports, `import()` and `require()`.
import { builtinModules } from 'node:module';
import path from 'node:path';
import { layers, toolingLayer } from './layers.js';

const nodeBuiltins = new Set(builtinModules);
const layersByDepth = [...layers].sort((a, b) => b.dir.length - a.dir.length);

function layerOfFile(repoRoot, filename) {
  const relative = path.relative(repoRoot, filename).split(path.sep).join('/');
  if (relative.startsWith('..')) return undefined;
  return layersByDepth.find((layer) => relative === layer.dir || relative.startsWith(`${layer.dir}/`)) ?? toolingLayer;
}

/** `node:fs`, `fs`, `fs/promises` (builtinModules lists each subpath built-in): a package's file whose name starts
 * like a built-in (`punycode/punycode.js`) is the package's, as Node resolves it. */
function isNodeBuiltin(specifier) {
  return specifier.startsWith('node:') || nodeBuiltins.has(specifier);
}

function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function isTypeOnly(node) {
  if (node.type === 'ImportDeclaration') {
    return node.importKind === 'type' || (node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === 'type'));
  }
  if (node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration') return node.exportKind === 'type';
  return false;
}

function checkSpecifier({ context, repoRoot, layer, node, specifier, typeOnly }) {
  const report = (reason) =>
    context.report({ node, message: `${layer.name === 'tooling' ? 'Tests and tooling' : `${layer.name}/`} may not import '${specifier}': ${reason} (see docs/architecture.md).` });

  if (specifier === 'electron' || specifier.startsWith('electron/')) {
    if (layer.electron === 'runtime') return;
    if (layer.electron === 'type' && typeOnly) return;
    report(
      layer.electron === 'type'
        ? 'only `import type` of electron is allowed outside main/electron/ and preload/, because a runtime import outside Electron tries to download its binary'
        : `code here runs in ${layer.runsIn}, where Electron does not exist`,
    );
    return;
  }
  if (isNodeBuiltin(specifier)) {
    if (!layer.node) report(`code here runs in ${layer.runsIn}, where Node built-ins do not exist`);
    return;
  }
  if (specifier.startsWith('.') || specifier.startsWith('/')) {
    const filename = context.filename;
    const target = layerOfFile(repoRoot, path.resolve(path.dirname(filename), specifier));
    if (!target || target === layer) return;
    if (target === toolingLayer) {
      if (layer !== toolingLayer) report('layer code may not depend on tests or tooling');
      return;
    }
    if (layer.mayImport.includes(target.name)) return;
    if (layer.typeOnly.includes(target.name)) {
      if (!typeOnly) report(`only types may be imported from ${target.name}/ here`);
      return;
    }
    report(`${layer.name}/ runs in ${layer.runsIn} and may not depend on ${target.name}/`);
    return;
  }
  if (Array.isArray(layer.packages) && !typeOnly && !layer.packages.includes(packageName(specifier))) {
    report(`${layer.name}/ may only use the packages ${layer.packages.join(', ')}`);
  }
}

export const layerImportsRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Enforce the import table of docs/architecture.md' },
    schema: [{ type: 'object', properties: { repoRoot: { type: 'string' } }, required: ['repoRoot'], additionalProperties: false }],
  },
  create(context) {
    const { repoRoot } = context.options[0];
    const layer = layerOfFile(repoRoot, context.filename);
    if (!layer) return {};
    const check = (node, source, typeOnly) => {
      if (source && source.type === 'Literal' && typeof source.value === 'string') {
        checkSpecifier({ context, repoRoot, layer, node, specifier: source.value, typeOnly });
      }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source, isTypeOnly(node)),
      ExportNamedDeclaration: (node) => check(node, node.source, isTypeOnly(node)),
      ExportAllDeclaration: (node) => check(node, node.source, isTypeOnly(node)),
      ImportExpression: (node) => check(node, node.source, false),
      TSImportType: (node) => check(node, node.argument?.literal ?? node.source, true),
      CallExpression: (node) => {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require') check(node, node.arguments[0], false);
      },
    };
  },
};
