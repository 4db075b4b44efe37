import { createRequire as __configRolloutCreateRequire } from 'node:module';
const require = __configRolloutCreateRequire(import.meta.url);

// src/core/sources/kustomization-names.ts
var KUSTOMIZATION_FILE_NAMES = ["kustomization.yaml", "kustomization.yml", "Kustomization"];
function kustomizationDirOf(path) {
  const slash = path.lastIndexOf("/");
  const name = path.slice(slash + 1);
  if (!KUSTOMIZATION_FILE_NAMES.includes(name)) return void 0;
  return slash === -1 ? "" : path.slice(0, slash);
}

export {
  KUSTOMIZATION_FILE_NAMES,
  kustomizationDirOf
};
