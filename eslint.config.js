// One lint config for every workspace. The import boundaries are the code map's rules
// (docs/ARCHITECTURE.md): they resolve TypeScript imports for real (an unresolved import is itself an
// error, so a rule can never skip one silently), and `tests/lint/boundaries.test.ts` lints probe files
// that break each zone to prove the rules still fire.
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import importX from 'eslint-plugin-import-x'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

const root = import.meta.dirname
const foldersIn = (dir) =>
  readdirSync(join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)

// Read from the tree, so a new feature or broker area is bounded the day its folder appears.
const features = foldersIn('client/src/features')
const brokerAreas = foldersIn('gateway/src/broker').filter((a) => a !== 'common' && a !== 'ledger')

// The customer app's layers, lowest first. A layer imports only those below it; features are
// slices that do not import each other; main.tsx and the console (a page of its own) stand on top.
// The api reports what it has to say (refusal toasts, the busy flag) through a sink the app
// installs (api/notices.ts), since the toast is ui's.
export const clientLayers = ['i18n', 'api', 'realtime', 'state', 'ui', 'features', 'app']

const gw = './gateway/src'
// What sits above the broker: it may reach the broker only through its public entry.
const brokerClients = ['http', 'ops', 'realtime', 'news', 'metrics']

const gatewayNotTests = {
  target: './gateway',
  from: './tests',
  message: 'gateway code never imports tests/ (its *.test.ts and *.fixture.ts files may).',
}

/** The import zones. Exported for the boundaries test, which checks every zone has a probe. */
export const zones = [
  // The three parts.
  {
    target: './shared',
    from: ['./gateway', './client', './tests'],
    message: 'shared/ stays pure: it imports nothing of the other parts.',
  },
  {
    target: './client',
    from: ['./gateway', './tests'],
    message: 'the client talks to the gateway over the wire only.',
  },
  {
    target: './gateway',
    from: './client',
    message: 'the gateway never imports the client.',
  },
  // Client: features are slices; what two need moves down to ui/, state/, realtime/ or api/.
  ...features.map((f) => ({
    target: `./client/src/features/${f}`,
    from: './client/src/features',
    except: [`./${f}`],
    message:
      'features do not import each other; move what both need to ui/, state/, realtime/ or api/.',
  })),
  // Client layers import only the layers below them (clientLayers), so no two layers import each
  // other: a cycle between layers needs one import that climbs.
  ...clientLayers.slice(0, -1).map((layer, i) => ({
    target: `./client/src/${layer}`,
    from: clientLayers.slice(i + 1).map((above) => `./client/src/${above}`),
    message: `client layers import only the layers below them (${clientLayers.join(' < ')}).`,
  })),
  // The back-office console is a page of its own: the customer app never imports it (so none of
  // it lands in the customer's chunks), and it takes nothing of the customer's features.
  {
    target: [...clientLayers.map((layer) => `./client/src/${layer}`), './client/src/main.tsx'],
    from: './client/src/console',
    message: 'the customer app never imports the back-office console (client/src/console).',
  },
  {
    target: './client/src/console',
    from: './client/src/features',
    message: 'the console takes nothing of the customer features; move what both need down.',
  },
  // Gateway: a broker area imports broker/ledger, broker/common and itself.
  ...brokerAreas.map((area) => ({
    target: `${gw}/broker/${area}`,
    from: `${gw}/broker`,
    except: [`./${area}`, './ledger', './common'],
    message:
      'a broker area imports only broker/ledger, broker/common and itself; the composition root wires areas together.',
  })),
  {
    target: `${gw}/broker/ledger`,
    from: `${gw}/broker`,
    except: ['./ledger', './common'],
    message: 'broker/ledger imports only broker/common and itself.',
  },
  // The ledger posts one way, ledger.post; how (a statement per line, in bulk, as one PostgreSQL
  // statement, from a query) is its own choice, so no one else may reach its paths or queries.
  {
    target: [
      ...brokerAreas.map((area) => `${gw}/broker/${area}`),
      `${gw}/broker/index.ts`,
      `${gw}/composition`,
      `${gw}/app.ts`,
      `${gw}/main.ts`,
      './tests',
    ],
    from: `${gw}/broker/ledger`,
    except: ['./index.ts', './routes.ts', './check.ts'],
    message:
      'outside broker/ledger, the ledger is reached through its entry, broker/ledger/index.ts (routes.ts and the check.ts read-out aside): its posting paths stay behind ledger.post.',
  },
  {
    target: `${gw}/broker/common`,
    from: `${gw}/broker`,
    except: ['./common'],
    message: 'broker/common imports nothing else of the broker.',
  },
  {
    target: `${gw}/broker`,
    from: [
      ...brokerClients.map((d) => `${gw}/${d}`),
      `${gw}/composition`,
      `${gw}/app.ts`,
      `${gw}/main.ts`,
    ],
    message:
      'the broker never imports the layers above it (http, ops, realtime, news, the composition root).',
  },
  ...brokerClients.map((d) => ({
    target: `${gw}/${d}`,
    from: `${gw}/broker`,
    except: ['./index.ts'],
    message: `${d}/ reaches the broker only through its public entry, broker/index.ts.`,
  })),
  {
    target: [
      `${gw}/market`,
      `${gw}/cluster`,
      `${gw}/store`,
      `${gw}/clock.ts`,
      `${gw}/config.ts`,
      `${gw}/logger.ts`,
      `${gw}/passwords.ts`,
    ],
    from: [`${gw}/broker`, ...brokerClients.map((d) => `${gw}/${d}`), `${gw}/app.ts`],
    message:
      'market, cluster, store, clock, config, logger and passwords sit below the broker and never import it or what is above it.',
  },
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
    // The phone app's tab rows are ui/SegmentTabs: MUI's Tabs measures itself after every render,
    // a forced layout per live tick on screens fed by prices (issue 15). The console may use it.
    files: ['client/src/**/*.{ts,tsx}'],
    ignores: ['client/src/console/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@mui/material/Tabs', message: 'use ui/SegmentTabs (see its comment).' },
            { name: '@mui/material/Tab', message: 'use ui/SegmentTabs (see its comment).' },
            {
              name: '@mui/material',
              importNames: ['Tabs', 'Tab'],
              message: 'use ui/SegmentTabs (see its comment).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these import-x reads only .js files for the rules that follow imports (no-cycle):
      // it skipped every .ts dependency as silently as the zones once did.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['shared', 'gateway', 'client', 'tests'].map(
            (p) => `${root}/${p}/tsconfig.json`,
          ),
          // Each workspace has its own tsconfig on purpose (one lib and types set each).
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      // The zones below judge only what resolves: an import that does not resolve fails here first.
      'import-x/no-unresolved': ['error', { ignore: ['^virtual:'] }],
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': 'error',
    },
  },
  {
    // A getter or setter made for each object (an object literal's own, or defined on an instance)
    // gives that object a map of its own in V8's old space, which keeps it and all it reaches alive
    // through young-generation collections until a full one: on the request path that was the
    // request, its answer and their headers (tests/load/README.md). Getters belong on prototypes
    // (a class); an object made once a gateway says so where it has one.
    files: ['gateway/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.fixture.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[kind='get'], Property[kind='set']",
          message: 'an accessor on an object literal gives each object its own map: use a class',
        },
        {
          selector:
            "CallExpression[callee.object.name='Object'][callee.property.name=/^(defineProperty|defineProperties|setPrototypeOf)$/]",
          message: 'per-object accessors and prototypes give each object its own map: use a class',
        },
      ],
    },
  },
  {
    // The gateway's own code never leans on the test support kit; its tests may (a fresh database).
    files: ['gateway/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.fixture.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...zones, gatewayNotTests] }],
    },
  },
)
