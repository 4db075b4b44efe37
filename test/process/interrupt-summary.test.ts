// The last line of an interrupted run: what it wrote, and in a fleet to which cluster. Its own
// file: the journal is process-wide state, and vitest runs each file in its own module context.
import { expect, test } from "vitest";
import { interruptSummary, noteDone } from "../../src/process/interrupt.js";

test("one cluster's writes are listed as they are; once a second cluster was written to, each names its cluster", () => {
  expect(interruptSummary("SIGTERM")).toContain("nothing was written to the cluster");
  noteDone("applied configmap/app (namespace shop) from deploy/app.yaml", "prod-eu");
  noteDone("Restart: deployment/web (namespace shop)", "prod-eu");
  expect(interruptSummary("SIGTERM")).toContain(
    "written to the cluster: applied configmap/app (namespace shop) from deploy/app.yaml; Restart: deployment/web (namespace shop);",
  );
  noteDone("Restart: deployment/web (namespace shop)", "staging");
  expect(interruptSummary("SIGINT")).toContain(
    "written to the clusters: prod-eu: applied configmap/app (namespace shop) from deploy/app.yaml; prod-eu: Restart: deployment/web (namespace shop); staging: Restart: deployment/web (namespace shop);",
  );
});
