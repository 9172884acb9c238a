// Type-aware linting for the whole project; the layer rules live in .dependency-cruiser.cjs.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      'dist-bench/**',
      '**/node_modules/**',
      'coverage/**',
      'bench/results/**',
      'test/.generated/**',
      '.stryker-tmp/**',
      'reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // The service's code: a function a reader takes in at once (a route is a function of its own, its
    // OpenAPI text beside it), and lines a screen shows whole (strings and comments too: a long text
    // is joined from pieces, a long comment wraps).
    files: ['src/**/*.ts'],
    rules: {
      'max-lines-per-function': ['error', { max: 80 }],
      'max-len': ['error', { code: 160 }],
    },
  },
  {
    // Generated from the document (Do not edit): a text that may be null refers to the
    // visible-character rule, a pattern without a type, which openapi-typescript writes `unknown`.
    files: ['clients/typescript/src/schema.ts'],
    rules: { '@typescript-eslint/no-redundant-type-constituents': 'off' },
  },
  {
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: { ...globals.node },
    },
  },
);
