// The project's npm workspaces (the root package.json's "workspaces": the billing client and the stand-ins)
// are packages of their own: a file of the product, anywhere outside them, imports one by its package
// name (`@ensemble/billing-client`, `@ensemble/billing-sandbox/engine`, ...), as its package.json exports
// it, never by a path into its folder.
import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importVisitors } from './import-visitors.js';

const projectRoot = resolve(import.meta.dirname, '..', '..');

/** Each workspace's folder (from the project's root) and package name, as the root package.json lists them. */
export function workspacePackages(root = projectRoot) {
  const folders = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces ?? [];
  return folders.map((folder) => ({ folder, name: JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8')).name }));
}

const inside = (path, folder) => path === folder || path.startsWith(`${folder}/`);

export const packagesByName = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      byName: '{{folder}}/ is the package {{name}}: import it by its package name ({{name}} or a subpath its package.json exports), not by the path {{spec}}.',
    },
  },
  create(context) {
    const packages = workspacePackages();
    const file = relative(projectRoot, context.filename).split(sep).join('/');
    if (packages.some(({ folder }) => inside(file, folder))) return {};
    const check = (node, spec) => {
      if (typeof spec !== 'string') return;
      let target;
      if (spec.startsWith('.')) target = resolve(dirname(context.filename), spec);
      else if (isAbsolute(spec)) target = spec;
      else if (spec.startsWith('file:')) target = fileURLToPath(spec);
      else return;
      const path = relative(projectRoot, target).split(sep).join('/');
      const found = packages.find(({ folder }) => inside(path, folder));
      if (found !== undefined) context.report({ node, messageId: 'byName', data: { folder: found.folder, name: found.name, spec } });
    };
    return importVisitors(check);
  },
};
