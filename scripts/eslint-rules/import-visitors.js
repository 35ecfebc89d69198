// Every way a file names another (import, re-export, import(), TypeScript's import types), for the
// project's own lint rules: `importVisitors(check)` calls `check(node, spec)` for each.

/** ESLint visitors that call `check(node, spec)` for every module a file names. */
export function importVisitors(check) {
  const fromSource = (node) => check(node, node.source?.value);
  return {
    ImportDeclaration: fromSource,
    ExportNamedDeclaration: fromSource,
    ExportAllDeclaration: fromSource,
    ImportExpression: fromSource,
    TSImportType: (node) => check(node, node.source?.value ?? node.argument?.literal?.value),
    TSExternalModuleReference: (node) => check(node, node.expression?.value),
  };
}
