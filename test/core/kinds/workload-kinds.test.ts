import { expect, test } from "vitest";
import { isRestartable, podTemplateOf, skipReasonForKind } from "../../../src/core/kinds/workload-kinds.js";

const spec = { containers: [{ name: "app" }] };
const metadata = { labels: { app: "x" } };

test.each([
  { kind: "Deployment", object: { kind: "Deployment", spec: { template: { metadata, spec } } } },
  { kind: "StatefulSet", object: { kind: "StatefulSet", spec: { template: { metadata, spec } } } },
  { kind: "DaemonSet", object: { kind: "DaemonSet", spec: { template: { metadata, spec } } } },
  { kind: "ReplicaSet", object: { kind: "ReplicaSet", spec: { template: { metadata, spec } } } },
  { kind: "Job", object: { kind: "Job", spec: { template: { metadata, spec } } } },
  {
    kind: "CronJob",
    object: { kind: "CronJob", spec: { jobTemplate: { spec: { template: { metadata, spec } } } } },
  },
  { kind: "Pod", object: { kind: "Pod", metadata, spec } },
])("podTemplateOf finds the pod template of a $kind", ({ object }) => {
  expect(podTemplateOf(object)).toEqual({ spec, metadata });
});

test.each([
  { name: "a Service", object: { kind: "Service", spec: { template: { spec } } } },
  { name: "a Deployment without a template", object: { kind: "Deployment", spec: {} } },
  { name: "a Deployment whose spec is a string", object: { kind: "Deployment", spec: "oops" } },
  { name: "a CronJob with a list for jobTemplate", object: { kind: "CronJob", spec: { jobTemplate: [] } } },
  { name: "not an object", object: "Deployment" },
])("podTemplateOf is undefined for $name", ({ object }) => {
  expect(podTemplateOf(object)).toBeUndefined();
});

test.each([
  { kind: "Deployment", restartable: true, reason: undefined },
  { kind: "StatefulSet", restartable: true, reason: undefined },
  { kind: "DaemonSet", restartable: true, reason: undefined },
  { kind: "CronJob", restartable: false, reason: "CronJob: picks up the change on its next run" },
  { kind: "Pod", restartable: false, reason: "Pod: a bare pod must be recreated" },
  { kind: "Job", restartable: false, reason: expect.stringMatching(/^Job: /) },
  { kind: "ReplicaSet", restartable: false, reason: expect.stringMatching(/^ReplicaSet: /) },
])("$kind: restartable $restartable", ({ kind, restartable, reason }) => {
  expect(isRestartable(kind)).toBe(restartable);
  expect(skipReasonForKind(kind)).toEqual(reason);
});
