// The preload is bundled into one sandboxed script with the contract's names (common/ipc/contract.ts). Lint checks
// each file's own imports; this follows the run-time imports from the preload's entry through every file they
// reach, so a contract module that starts importing zod (or anything else) at run time is caught here.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/** The module specifiers a file imports at run time (type-only imports and re-exports are left out). */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined && clause.namedBindings !== undefined && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.every((element) => element.isTypeOnly)));
      if (!typeOnly && ts.isStringLiteral(statement.moduleSpecifier)) specifiers.push(statement.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(statement) && !statement.isTypeOnly && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)) {
      specifiers.push(statement.moduleSpecifier.text);
    }
  }
  return specifiers;
}

/** Every file reached from `entry` at run time, and every package named on the way. */
function reach(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const specifier of runtimeImports(file)) {
      if (specifier.startsWith('.')) visit(path.resolve(path.dirname(file), specifier));
      else packages.add(specifier);
    }
  };
  visit(entry);
  return { files: [...files].map((file) => path.relative(repoRoot, file)).sort(), packages: [...packages].sort() };
}

describe('what the preload bundles', () => {
  const { files, packages } = reach(path.join(repoRoot, 'preload', 'index.ts'));

  it('is the bridge, the link guard and the contract\'s names, nothing more', () => {
    expect(files).toEqual(['common/ipc/contract.ts', 'preload/bridge.ts', 'preload/index.ts', 'preload/link-clicks.ts']);
  });

  it('loads no package but electron: no zod, no schemas', () => {
    expect(packages).toEqual(['electron']);
  });
});
