import { expect, test } from "vitest";
import { findReferences } from "../../src/core/config-references.js";
import type { ConfigReference } from "../../src/core/model.js";

test.each<{ name: string; spec: unknown; expected: ConfigReference[] }>([
  {
    name: "configMap volume without items reads all keys",
    spec: { volumes: [{ name: "settings", configMap: { name: "app-config" } }], containers: [] },
    expected: [
      {
        configKind: "ConfigMap",
        configName: "app-config",
        via: "volume",
        keys: "all",
        path: "volumes[settings]",
      },
    ],
  },
  {
    name: "secret volume with items reads those keys (secretName)",
    spec: {
      volumes: [
        {
          name: "tls",
          secret: {
            secretName: "certs",
            items: [
              { key: "tls.crt", path: "c" },
              { key: "tls.key", path: "k" },
            ],
          },
        },
      ],
    },
    expected: [
      {
        configKind: "Secret",
        configName: "certs",
        via: "volume",
        keys: ["tls.crt", "tls.key"],
        path: "volumes[tls]",
      },
    ],
  },
  {
    name: "projected sources",
    spec: {
      volumes: [
        {
          name: "all-in-one",
          projected: {
            sources: [
              { configMap: { name: "a", items: [{ key: "x", path: "x" }] } },
              { serviceAccountToken: { path: "token" } },
              { secret: { name: "b" } },
            ],
          },
        },
      ],
    },
    expected: [
      {
        configKind: "ConfigMap",
        configName: "a",
        via: "projected",
        keys: ["x"],
        path: "volumes[all-in-one].sources[0]",
      },
      {
        configKind: "Secret",
        configName: "b",
        via: "projected",
        keys: "all",
        path: "volumes[all-in-one].sources[2]",
      },
    ],
  },
  {
    name: "envFrom and env key references in containers",
    spec: {
      containers: [
        {
          name: "app",
          envFrom: [
            { configMapRef: { name: "app-config" } },
            { secretRef: { name: "app-secret" }, prefix: "S_" },
          ],
          env: [
            { name: "PLAIN", value: "x" },
            { name: "LOG", valueFrom: { configMapKeyRef: { name: "app-config", key: "LOG_LEVEL" } } },
            { name: "PW", valueFrom: { secretKeyRef: { name: "db", key: "password", optional: true } } },
            { name: "POD", valueFrom: { fieldRef: { fieldPath: "metadata.name" } } },
          ],
        },
      ],
    },
    expected: [
      {
        configKind: "ConfigMap",
        configName: "app-config",
        via: "envFrom",
        keys: "all",
        path: "containers[app].envFrom[0]",
      },
      {
        configKind: "Secret",
        configName: "app-secret",
        via: "envFrom",
        keys: "all",
        path: "containers[app].envFrom[1]",
      },
      {
        configKind: "ConfigMap",
        configName: "app-config",
        via: "env",
        keys: ["LOG_LEVEL"],
        path: "containers[app].env[LOG]",
      },
      {
        configKind: "Secret",
        configName: "db",
        via: "env",
        keys: ["password"],
        optional: true,
        path: "containers[app].env[PW]",
      },
    ],
  },
  {
    name: "init containers are marked",
    spec: {
      initContainers: [
        {
          name: "migrate",
          envFrom: [{ secretRef: { name: "db" } }],
          env: [{ name: "URL", valueFrom: { configMapKeyRef: { name: "c", key: "url" } } }],
        },
      ],
      containers: [{ name: "app" }],
    },
    expected: [
      {
        configKind: "Secret",
        configName: "db",
        via: "envFrom",
        keys: "all",
        path: "initContainers[migrate].envFrom[0]",
        init: true,
      },
      {
        configKind: "ConfigMap",
        configName: "c",
        via: "env",
        keys: ["url"],
        path: "initContainers[migrate].env[URL]",
        init: true,
      },
    ],
  },
  {
    name: "volumes mounted with subPath (by any container) are marked",
    spec: {
      volumes: [
        { name: "conf", configMap: { name: "nginx" } },
        { name: "other", configMap: { name: "plain" } },
        { name: "expr", projected: { sources: [{ secret: { name: "s" } }] } },
      ],
      initContainers: [
        { name: "i", volumeMounts: [{ name: "expr", mountPath: "/x", subPathExpr: "$(POD)" }] },
      ],
      containers: [
        {
          name: "web",
          volumeMounts: [{ name: "conf", mountPath: "/etc/nginx/nginx.conf", subPath: "nginx.conf" }],
        },
        { name: "side", volumeMounts: [{ name: "other", mountPath: "/o" }] },
      ],
    },
    expected: [
      {
        configKind: "ConfigMap",
        configName: "nginx",
        via: "volume",
        keys: "all",
        path: "volumes[conf]",
        subPath: true,
      },
      { configKind: "ConfigMap", configName: "plain", via: "volume", keys: "all", path: "volumes[other]" },
      {
        configKind: "Secret",
        configName: "s",
        via: "projected",
        keys: "all",
        path: "volumes[expr].sources[0]",
        subPath: true,
      },
    ],
  },
  {
    name: "ephemeral containers are read too",
    spec: { ephemeralContainers: [{ name: "debug", envFrom: [{ configMapRef: { name: "dbg" } }] }] },
    expected: [
      {
        configKind: "ConfigMap",
        configName: "dbg",
        via: "envFrom",
        keys: "all",
        path: "ephemeralContainers[debug].envFrom[0]",
      },
    ],
  },
  {
    name: "unnamed entries fall back to their index",
    spec: { containers: [{ env: [{ valueFrom: { configMapKeyRef: { name: "c", key: "k" } } }] }] },
    expected: [
      { configKind: "ConfigMap", configName: "c", via: "env", keys: ["k"], path: "containers[0].env[0]" },
    ],
  },
])("$name", ({ spec, expected }) => {
  expect(findReferences(spec)).toEqual(expected);
});

test.each([
  { name: "undefined", spec: undefined },
  { name: "a string", spec: "containers" },
  { name: "env not a list", spec: { containers: [{ name: "a", env: { LOG: "x" }, envFrom: "oops" }] } },
  { name: "containers not a list", spec: { containers: { name: "a" }, volumes: "x" } },
  { name: "null entries", spec: { containers: [null, 3], volumes: [null, { name: "v", configMap: null }] } },
  {
    name: "names that are not strings",
    spec: {
      volumes: [{ name: "v", configMap: { name: 3 } }],
      containers: [{ envFrom: [{ configMapRef: { name: ["x"] } }] }],
    },
  },
  {
    name: "a key reference without a key",
    spec: { containers: [{ env: [{ name: "E", valueFrom: { secretKeyRef: { name: "s" } } }] }] },
  },
])("malformed shapes are ignored without crashing: $name", ({ spec }) => {
  expect(findReferences(spec)).toEqual([]);
});
