import { describe, expect, test } from "vitest";
import { UserError } from "../../src/core/errors.js";
import { parseArgs } from "../../src/settings/parse-args.js";
import { rawValuesFromEnv, runSettings } from "../../src/settings/settings.js";

describe("--kustomize, --render, --render-paths", () => {
  test("by default kustomizations are discovered, no command runs and every file is a render input", () => {
    const settings = runSettings({});
    expect(settings.kustomize).toEqual([]);
    expect(settings.render).toBeUndefined();
    expect(settings.renderPaths).toEqual(["**"]);
  });

  test.each([
    ["overlays/prod", ["overlays/prod"]],
    ["./overlays/prod/,overlays/staging", ["overlays/prod", "overlays/staging"]],
    [".", [""]],
    ["none", ["none"]],
  ])("--kustomize %s", (value, dirs) => {
    expect(runSettings(parseArgs(["--kustomize", value]).values).kustomize).toEqual(dirs);
  });

  test.each(["none,overlays/prod", "/abs/dir", "../outside", "a/../../b"])(
    "--kustomize %s is a usage error",
    (value) => {
      expect(() => runSettings({ kustomize: value })).toThrow(UserError);
    },
  );

  test("the environment and the action's inputs set them too", () => {
    const settings = runSettings(
      rawValuesFromEnv({
        CONFIG_ROLLOUT_KUSTOMIZE: "overlays/prod\noverlays/eu",
        CONFIG_ROLLOUT_RENDER: "helm template web charts/web -n prod",
        CONFIG_ROLLOUT_RENDER_PATHS: "charts/web/**,values-prod.yaml",
      }),
    );
    expect(settings.kustomize).toEqual(["overlays/prod", "overlays/eu"]);
    expect(settings.render).toBe("helm template web charts/web -n prod");
    expect(settings.renderPaths).toEqual(["charts/web/**", "values-prod.yaml"]);
  });
});

describe("--paths given or not", () => {
  test("the default, and the default as the action and the GitLab component pass it, are not an explicit --paths", () => {
    expect(runSettings({}).pathsExplicit).toBe(false);
    expect(runSettings({ paths: "**/*.yaml,**/*.yml,**/*.json" }).pathsExplicit).toBe(false);
    expect(runSettings({ paths: "**/*.json\n**/*.yaml,**/*.yml" }).pathsExplicit).toBe(false);
  });

  test("any other value is", () => {
    expect(runSettings({ paths: "k8s/**" }).pathsExplicit).toBe(true);
    expect(runSettings({ paths: "**/*.yaml" }).pathsExplicit).toBe(true);
    expect(runSettings(parseArgs(["--paths", "release/**"]).values).pathsExplicit).toBe(true);
  });
});
