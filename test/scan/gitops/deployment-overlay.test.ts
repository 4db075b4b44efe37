// biome-ignore-all lint/suspicious/noTemplateCurlyInString: Flux variables, written as a manifest holds them
import { describe, expect, test } from "vitest";
import { deploymentsOf } from "../../../src/scan/gitops/deployed-dirs.js";
import { deploymentOverlay, substituteVariables } from "../../../src/scan/gitops/deployment-overlay.js";

describe("substituteVariables (Flux postBuild)", () => {
  const vars = { NS: "apps", EMPTY: "" };
  const sub = (text: string, keepUnknown = false) => substituteVariables(text, { vars, keepUnknown });

  test("${VAR}, the default forms, and an undefined variable as an empty string", () => {
    expect(
      sub("a: ${NS}\nb: ${MISSING}\nc: ${MISSING:=x}\nd: ${EMPTY:=x}\ne: ${EMPTY=x}\nf: ${NS:-y}\n"),
    ).toBe("a: apps\nb: \nc: x\nd: x\ne: \nf: apps\n");
  });

  test("$${VAR} is written as ${VAR}; a bare $VAR is left alone", () => {
    expect(sub("a: $${NS}\nb: $NS\nc: $$NS\n")).toBe("a: ${NS}\nb: $NS\nc: $$NS\n");
  });

  test("a document labelled or annotated substitute: disabled is left as written, the others are not", () => {
    const text =
      "kind: ConfigMap\nmetadata:\n  annotations:\n    kustomize.toolkit.fluxcd.io/substitute: disabled\ndata:\n  a: ${NS}\n---\nkind: ConfigMap\ndata:\n  a: ${NS}\n";
    expect(sub(text)).toBe(text.replace(/a: \$\{NS\}\n$/, "a: apps\n"));
  });

  test("with substituteFrom (values held in the cluster), a variable not given inline stays as written", () => {
    expect(sub("a: ${NS}\nb: ${OTHER}\nc: ${OTHER:=x}\n", true)).toBe(
      "a: apps\nb: ${OTHER}\nc: ${OTHER:=x}\n",
    );
  });
});

describe("deploymentsOf", () => {
  test("Flux settings, components relative to spec.path; Argo CD destination and kustomize settings per source", () => {
    const found = deploymentsOf([
      {
        apiVersion: "kustomize.toolkit.fluxcd.io/v1",
        kind: "Kustomization",
        metadata: { name: "web", namespace: "flux-system" },
        spec: {
          path: "./apps/web",
          targetNamespace: "prod",
          namePrefix: "eu-",
          components: ["../../components/tls", "../../../out"],
          images: [{ name: "web", newTag: "2" }],
          // Flux drops a value's newlines (a block scalar's last one included).
          postBuild: { substitute: { REPLICAS: 3, HOST: "web.\nexample.com\n" } },
        },
      },
      {
        apiVersion: "argoproj.io/v1alpha1",
        kind: "Application",
        metadata: { name: "web" },
        spec: {
          destination: { namespace: "staging" },
          sources: [{ path: "apps/web", kustomize: { nameSuffix: "-b", images: ["web:2"] } }, { chart: "x" }],
        },
      },
      {
        apiVersion: "argoproj.io/v1alpha1",
        kind: "ApplicationSet",
        metadata: { name: "all" },
        spec: {
          template: { spec: { source: { path: "apps/web" }, destination: { namespace: "{{name}}" } } },
        },
      },
    ]);
    expect(found).toEqual([
      {
        dir: "apps/web",
        by: "Flux Kustomization flux-system/web",
        // A component outside the repository names nothing here: the list is dropped.
        settings: {
          namespace: "prod",
          namePrefix: "eu-",
          substitute: { vars: { REPLICAS: "3", HOST: "web.example.com" }, keepUnknown: false },
        },
      },
      {
        dir: "apps/web",
        by: "Argo CD Application web",
        settings: { defaultNamespace: "staging", nameSuffix: "-b" },
      },
      // A templated namespace is no setting, but kept to say which namespace cannot be told.
      {
        dir: "apps/web",
        by: "Argo CD ApplicationSet all",
        settings: {},
        templated: {
          field: "spec.template.spec.destination.namespace",
          value: "{{name}}",
          what: "namespace",
        },
      },
    ]);
  });

  test("the overlay includes the directory and its components from the checkout's root", () => {
    const overlay = JSON.parse(
      deploymentOverlay("apps/web", { namespace: "prod", components: ["components/tls"] }, "../.."),
    ) as Record<string, unknown>;
    expect(overlay).toMatchObject({
      resources: ["../../apps/web"],
      namespace: "prod",
      components: ["../../components/tls"],
    });
  });
});
