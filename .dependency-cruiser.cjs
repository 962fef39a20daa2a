// Folder-level cycles (docs/ARCHITECTURE.md): ESLint's import-x/no-cycle sees cycles between files;
// this sees them between folders, e.g. deposits → fx → deposits through different files.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
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
