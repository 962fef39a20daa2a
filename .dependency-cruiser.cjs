// Cycles (docs/ARCHITECTURE.md). ESLint's import-x/no-cycle sees cycles between files but skips
// every `import type` (hard-coded, no option), so two files importing each other's types passed.
// dependency-cruiser reads type-only imports too (tsPreCompilationDeps): it refuses file cycles of
// every kind, and folder cycles, e.g. deposits → fx → deposits through different files.
// Its folder graph leads from a folder to the folders of the files it imports, so it misses
// ui → api → ui/toast: cycles between the client's layers are eslint.config.js's layer zones.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-file-cycles',
      severity: 'error',
      comment: 'Two files that import each other (types too): what both need moves to a third.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-folder-cycles',
      severity: 'error',
      comment: 'Two folders that import each other are one folder, or need a third below both.',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(node_modules|dist|\\.test\\.tsx?$|\\.fixture\\.ts$)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
  },
}
