import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { layerImportsRule } from './tools/eslint/layer-imports-rule.js';

const repoRoot = import.meta.dirname;

export default tseslint.config(
  { ignores: ['node_modules/', 'out/', 'dist/', 'release/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    plugins: { vigil: { rules: { 'layer-imports': layerImportsRule } } },
    rules: {
      'vigil/layer-imports': ['error', { repoRoot }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-exports': ['error', { restrictDefaultExports: { direct: true, named: true, defaultFrom: true } }],
    },
  },
  {
    files: ['renderer/**'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['service/**', 'main/**', 'scripts/**', 'test/**', 'tools/**', '*.config.*'],
    languageOptions: { globals: globals.node },
  },
  {
    // CommonJS files exist only where a tool loads them with require (e.g. a `node --require` preload).
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Config files are loaded by their tools, which expect a default export.
    files: ['*.config.*'],
    rules: { 'no-restricted-exports': 'off' },
  },
);
