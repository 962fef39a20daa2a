// One lint config for every workspace. The import boundaries below are the ones STYLE.md names:
// shared imports nothing of ours, features never import each other.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

const features = [
  'login',
  'home',
  'quotes',
  'stock',
  'position',
  'mine',
  'news',
  'ipo',
  'block',
  'follow',
  'intraday',
  'funds',
  'loan',
  'exchange',
  'kyc',
  'bank',
  'messages',
  'markets',
  'ops',
]

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'tests/.reports/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './shared',
              from: ['./gateway', './client', './tests'],
              message: 'shared/ stays pure.',
            },
            {
              target: './client',
              from: './gateway',
              message: 'the client talks to the gateway over the wire only.',
            },
            { target: './gateway', from: './client' },
            ...features.map((f) => ({
              target: `./client/src/features/${f}`,
              from: './client/src/features',
              except: [`./${f}`],
              message:
                'features do not import each other; move what both need to ui/, api/ or shared/.',
            })),
          ],
        },
      ],
    },
  },
)
