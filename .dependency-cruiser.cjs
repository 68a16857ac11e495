/**
 * Dependency rules the lint enforces (issue 33): no file cycles anywhere, type-only imports
 * included, across the domain, the server and the web.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'A file cycle makes two files one unit: neither can be read, tested or moved alone.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|drizzle|data)/' },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
  },
};
