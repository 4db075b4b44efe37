// The Argo Rollouts CustomResourceDefinition as the simulated server serves it: the resource
// (argoproj.io/v1alpha1 rollouts) and the CRD object a client reads from apiextensions.k8s.io.
// Only the schema fields clients look at are spelled out; the rest is preserved as given.
import type { ResourceInfo } from "./resources.js";
import type { KubeObject } from "./types.js";

const CUSTOM_RESOURCE_VERBS = [
  "delete",
  "deletecollection",
  "get",
  "list",
  "patch",
  "create",
  "update",
  "watch",
];

export const ROLLOUTS: ResourceInfo = {
  group: "argoproj.io",
  version: "v1alpha1",
  resource: "rollouts",
  singular: "rollout",
  kind: "Rollout",
  namespaced: true,
  shortNames: ["ro"],
  verbs: CUSTOM_RESOURCE_VERBS,
  subresources: ["status", "scale"],
  hasGeneration: true,
  // Rolled out by the Argo controller simulator (argo-rollouts.ts), not by the core one.
  workload: false,
  categories: [],
  custom: true,
};

const string = { type: "string" };
const integer = { type: "integer", format: "int32" };
const boolean = { type: "boolean" };
const dateTime = { type: "string", format: "date-time" };
const preserved = { type: "object", "x-kubernetes-preserve-unknown-fields": true };

const condition = {
  type: "object",
  required: ["lastTransitionTime", "lastUpdateTime", "message", "reason", "status", "type"],
  properties: {
    lastTransitionTime: dateTime,
    lastUpdateTime: dateTime,
    message: string,
    reason: string,
    status: string,
    type: string,
  },
};

const rolloutSchema = {
  type: "object",
  properties: {
    apiVersion: string,
    kind: string,
    metadata: { type: "object" },
    spec: {
      type: "object",
      "x-kubernetes-preserve-unknown-fields": true,
      properties: {
        replicas: integer,
        paused: boolean,
        restartAt: dateTime,
        progressDeadlineSeconds: integer,
        selector: preserved,
        template: preserved,
        strategy: preserved,
        workloadRef: {
          type: "object",
          properties: { apiVersion: string, kind: string, name: string, scaleDown: string },
        },
      },
    },
    status: {
      type: "object",
      properties: {
        // A string in Argo's API (RolloutStatus.ObservedGeneration), unlike the core workloads.
        observedGeneration: string,
        workloadObservedGeneration: string,
        phase: string,
        message: string,
        currentPodHash: string,
        currentStepHash: string,
        currentStepIndex: integer,
        stableRS: string,
        replicas: integer,
        updatedReplicas: integer,
        readyReplicas: integer,
        availableReplicas: integer,
        HPAReplicas: integer,
        selector: string,
        abort: boolean,
        controllerPause: boolean,
        restartedAt: dateTime,
        pauseConditions: {
          type: "array",
          items: {
            type: "object",
            required: ["reason", "startTime"],
            properties: { reason: string, startTime: dateTime },
          },
        },
        conditions: { type: "array", items: condition },
        canary: preserved,
        blueGreen: preserved,
      },
    },
  },
};

const printerColumns = [
  { name: "Desired", type: "integer", jsonPath: ".spec.replicas", description: "Number of desired pods" },
  { name: "Current", type: "integer", jsonPath: ".status.replicas", description: "Pods of this rollout" },
  {
    name: "Up-to-date",
    type: "integer",
    jsonPath: ".status.updatedReplicas",
    description: "Pods on the desired pod template",
  },
  {
    name: "Available",
    type: "integer",
    jsonPath: ".status.availableReplicas",
    description: "Available pods",
  },
  { name: "Age", type: "date", jsonPath: ".metadata.creationTimestamp", description: "Age" },
];

/** The CustomResourceDefinition object, as `kubectl get crd rollouts.argoproj.io -o json` shows it. */
export function rolloutsCrdObject(): KubeObject {
  const names = {
    kind: ROLLOUTS.kind,
    listKind: `${ROLLOUTS.kind}List`,
    plural: ROLLOUTS.resource,
    singular: ROLLOUTS.singular,
    shortNames: ROLLOUTS.shortNames,
  };
  return {
    apiVersion: "apiextensions.k8s.io/v1",
    kind: "CustomResourceDefinition",
    metadata: { name: `${ROLLOUTS.resource}.${ROLLOUTS.group}` },
    spec: {
      group: ROLLOUTS.group,
      names,
      scope: "Namespaced",
      conversion: { strategy: "None" },
      versions: [
        {
          name: ROLLOUTS.version,
          served: true,
          storage: true,
          additionalPrinterColumns: printerColumns,
          schema: { openAPIV3Schema: rolloutSchema },
          subresources: {
            status: {},
            scale: {
              specReplicasPath: ".spec.replicas",
              statusReplicasPath: ".status.HPAReplicas",
              labelSelectorPath: ".status.selector",
            },
          },
        },
      ],
    },
    status: {
      acceptedNames: names,
      storedVersions: [ROLLOUTS.version],
      conditions: [
        {
          type: "NamesAccepted",
          status: "True",
          reason: "NoConflicts",
          message: "no conflicts found",
        },
        {
          type: "Established",
          status: "True",
          reason: "InitialNamesAccepted",
          message: "the initial names have been accepted",
        },
      ],
    },
  };
}
