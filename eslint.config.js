// `npm run lint`, and the lint stage of `npm test` (DESIGN.md §10). Syntax-only rules on purpose:
// the type-checked presets of typescript-eslint would run the type checker a second time (tsc
// already does in the typecheck stage) and make this stage several times slower.
import js from '@eslint/js'
import { defineConfig } from 'eslint/config'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default defineConfig(
  {
    ignores: [
      'build/',
      '.react-router/',
      'node_modules/',
      'data/',
      'bench/bare-app/build/',
      'bench/.out/',
      'reports/',
      'test-results/',
      'playwright-report/',
      'drizzle/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    // The ui/ primitives render these elements, so their uses are checked as the elements themselves.
    settings: { 'jsx-a11y': { components: { Input: 'input', Select: 'select', Label: 'label', CardTitle: 'h2' } } },
  },
)
