// Patch strategies of the built-in types, as declared by the `patchStrategy`/`patchMergeKey`
// struct tags in k8s.io/api. Only the fields that carry a strategy are listed: every other map
// merges recursively and every other list is replaced, exactly as the real server does.

export interface FieldSchema {
  /** "merge": lists merge (by mergeKey for lists of objects); "replace": replace a map whole. */
  strategy?: "merge" | "replace";
  mergeKey?: string;
  /** Schema of the value (for lists: of each item). */
  type?: TypeSchema;
}

export interface TypeSchema {
  fields: Record<string, FieldSchema>;
}

const OBJECT_META: TypeSchema = {
  fields: {
    finalizers: { strategy: "merge" },
    ownerReferences: { strategy: "merge", mergeKey: "uid" },
  },
};

const CONTAINER: TypeSchema = {
  fields: {
    ports: { strategy: "merge", mergeKey: "containerPort" },
    env: { strategy: "merge", mergeKey: "name" },
    volumeMounts: { strategy: "merge", mergeKey: "mountPath" },
    volumeDevices: { strategy: "merge", mergeKey: "devicePath" },
  },
};

const POD_SPEC: TypeSchema = {
  fields: {
    volumes: { strategy: "merge", mergeKey: "name" },
    initContainers: { strategy: "merge", mergeKey: "name", type: CONTAINER },
    containers: { strategy: "merge", mergeKey: "name", type: CONTAINER },
    ephemeralContainers: { strategy: "merge", mergeKey: "name", type: CONTAINER },
    imagePullSecrets: { strategy: "merge", mergeKey: "name" },
    hostAliases: { strategy: "merge", mergeKey: "ip" },
    topologySpreadConstraints: { strategy: "merge", mergeKey: "topologyKey" },
    resourceClaims: { strategy: "merge", mergeKey: "name" },
    schedulingGates: { strategy: "merge", mergeKey: "name" },
  },
};

const POD_TEMPLATE: TypeSchema = { fields: { metadata: { type: OBJECT_META }, spec: { type: POD_SPEC } } };

const CONDITIONS: FieldSchema = { strategy: "merge", mergeKey: "type" };

const WORKLOAD_STATUS: TypeSchema = { fields: { conditions: CONDITIONS } };

function withMeta(fields: Record<string, FieldSchema>): TypeSchema {
  return { fields: { metadata: { type: OBJECT_META }, ...fields } };
}

const WORKLOAD = withMeta({
  spec: { type: { fields: { template: { type: POD_TEMPLATE } } } },
  status: { type: WORKLOAD_STATUS },
});

const JOB_SPEC: TypeSchema = { fields: { template: { type: POD_TEMPLATE } } };

const SCHEMAS: Record<string, TypeSchema> = {
  Pod: withMeta({ spec: { type: POD_SPEC }, status: { type: { fields: { conditions: CONDITIONS } } } }),
  Deployment: WORKLOAD,
  StatefulSet: WORKLOAD,
  DaemonSet: WORKLOAD,
  ReplicaSet: WORKLOAD,
  Job: withMeta({ spec: { type: JOB_SPEC }, status: { type: WORKLOAD_STATUS } }),
  CronJob: withMeta({
    spec: {
      type: {
        fields: {
          jobTemplate: { type: { fields: { metadata: { type: OBJECT_META }, spec: { type: JOB_SPEC } } } },
        },
      },
    },
  }),
};

const DEFAULT_SCHEMA = withMeta({});

/** Schema of a kind; kinds without special fields (ConfigMap, Secret, Namespace) get ObjectMeta only. */
export function schemaForKind(kind: string): TypeSchema {
  return SCHEMAS[kind] ?? DEFAULT_SCHEMA;
}
