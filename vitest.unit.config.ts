// The unit tier (`npm run test:unit`): pure stages, parsers, settings, reports and the layout rule.
// It neither builds dist/ nor starts the simulated cluster or gitlab-ci-local, so it answers in well
// under a minute; `npm test` runs everything (what CI runs). CONTRIBUTING.md says which to run when.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: [
      "test/core/**/*.test.ts",
      "test/scan/manifests/**/*.test.ts",
      "test/scan/sources/**/*.test.ts",
      "test/scan/gitops/{deployment-overlay,folder-definitions}.test.ts",
      "test/scan/render/{output-objects,checkout-scope}.test.ts",
      "test/plan/**/*.test.ts",
      "test/rollout/versioned/**/*.test.ts",
      "test/rollout/restore/**/*.test.ts",
      "test/stamp/{annotation-edit,kustomize-stamp}.test.ts",
      "test/settings/**/*.test.ts",
      "test/report/**/*.test.ts",
      "test/range/{read-ci-environment,resolve-range}.test.ts",
      "test/comment/comment-*.test.ts",
      "test/comment/review-target.test.ts",
      "test/git/parse-*.test.ts",
      "test/git/glob-pathspecs.test.ts",
      "test/kube/api-errors.test.ts",
      "test/kube/kubeconfig-source.test.ts",
      "test/action/{mask,read-inputs,trust-policy,stamp-policy,github-log,job-summary}.test.ts",
      "test/sync/**/*.test.ts",
      "test/docs/**/*.test.ts",
      "test/layout.test.ts",
    ],
    pool: "threads",
  },
});
