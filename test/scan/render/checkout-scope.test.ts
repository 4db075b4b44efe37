import { expect, test } from "vitest";
import { checkoutScope, inScope } from "../../../src/scan/render/checkout-scope.js";

test.each([
  [
    "an overlay over a base",
    ["overlays/prod", "base"],
    ["overlays/prod/p.yaml", "base/cm.yaml"],
    ["base", "overlays/prod"],
  ],
  ["a file in a shared directory", ["app"], ["shared/config/app.env"], ["app", "shared/config"]],
  ["nested directories collapse into their parent", ["apps", "apps/web"], ["apps/web/x/y.yaml"], ["apps"]],
  ["a kustomization at the root needs the whole tree", ["", "base"], [], undefined],
  ["a file at the root needs the whole tree", ["app"], ["values.env"], undefined],
  ["paths outside the repository name nothing", ["app"], ["../../elsewhere/x.yaml"], ["app"]],
])("%s", (_label, dirs, files, scope) => {
  expect(checkoutScope(dirs, files)).toEqual(scope);
});

test.each([
  ["base/cm.yaml", ["base"], true],
  ["base2/cm.yaml", ["base"], false],
  ["anything", undefined, true],
])("inScope(%s, %j) = %s", (path, scope, inside) => {
  expect(inScope(path, scope)).toBe(inside);
});
