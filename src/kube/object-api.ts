// client-node's generic object API, made to fit the adapter: its discovery cache seeded with the
// kinds every API server serves (from the kind tables), object answers kept as the JSON the server
// sent, patches sent as written, and its cached discovery lookup made reachable.

import {
  type Configuration,
  type HttpMethod,
  type KubernetesObject,
  KubernetesObjectApi,
  PatchStrategy,
  type ResponseContext,
} from "@kubernetes/client-node";
import { apiVersionOf } from "../core/kinds/api-kinds.js";
import { API_KINDS } from "../core/kinds/workload-kinds.js";

/** The response type that asks processResponse for the body as text (pod logs). */
const PLAIN_TEXT = "text/plain";

/**
 * The object API, its discovery cache seeded with the built-in kinds every API server serves (so
 * they cost no discovery request), and its cached lookup made reachable (protected upstream).
 * Custom resources are looked up on first use, once per API group version.
 */
export class ObjectApi extends KubernetesObjectApi {
  constructor(configuration: ConstructorParameters<typeof KubernetesObjectApi>[0]) {
    super(configuration);
    const builtIn = API_KINDS.filter((k) => !k.customResource);
    this.apiVersionResourceCache["authorization.k8s.io/v1"] = {
      groupVersion: "authorization.k8s.io/v1",
      resources: [
        {
          kind: "SelfSubjectAccessReview",
          name: "selfsubjectaccessreviews",
          namespaced: false,
          singularName: "",
          verbs: ["create"],
        },
      ],
    } as unknown as (typeof this.apiVersionResourceCache)[string];
    for (const k of builtIn) {
      const apiVersion = apiVersionOf(k);
      this.apiVersionResourceCache[apiVersion] ??= {
        groupVersion: apiVersion,
        resources: [],
      } as unknown as (typeof this.apiVersionResourceCache)[string];
      this.apiVersionResourceCache[apiVersion]!.resources.push({
        kind: k.kind,
        name: k.resource,
        namespaced: true,
        singularName: "",
        verbs: [],
      });
    }
  }

  /**
   * Object responses as the server sent them, parsed once. client-node's own handling deserializes
   * them into its model classes (Dates, renamed fields such as `_continue`, fields its model does
   * not know dropped), which the adapter then had to turn back into JSON with a stringify and a
   * parse: four copies of every object received. At 1,000 restarts that garbage, not what the run
   * keeps, set the heap's peak. Answers of a type client-node asks for itself (discovery, a
   * Status) and errors keep its handling.
   */
  protected override async processResponse<T extends KubernetesObject>(
    response: ResponseContext,
    type?: string,
  ): Promise<T> {
    const status = response.httpStatusCode;
    if (type === PLAIN_TEXT && status >= 200 && status <= 299)
      return (await response.body.text()) as unknown as T;
    const contentType = String(response.headers["content-type"] ?? "");
    if (type !== undefined || status < 200 || status > 299 || !/^application\/json\b/i.test(contentType)) {
      return super.processResponse<T>(response, type);
    }
    return JSON.parse(await response.body.text()) as T;
  }

  /**
   * A PATCH whose body is sent as written. client-node serializes it as a whole object of its kind,
   * which keeps only the fields its model knows: a strategic merge patch's directives (`$patch:
   * delete`, `$retainKeys`, `$setElementOrder/...`) were dropped on the way, so the patch that
   * removes RESTART_TIME in a rollback reached the server as one that changed nothing.
   */
  override async patch<T extends KubernetesObject>(
    spec: T,
    pretty?: string,
    dryRun?: string,
    fieldManager?: string,
    force?: boolean,
    patchStrategy: PatchStrategy = PatchStrategy.StrategicMergePatch,
    options?: Configuration,
  ): Promise<T> {
    const config = options ?? this.configuration;
    const path = await this.specUriPath(spec, "patch");
    const context = config.baseServer.makeRequestContext(path, "PATCH" as HttpMethod);
    context.setHeaderParam("Accept", "application/json, */*;q=0.8");
    context.setHeaderParam("Content-Type", patchStrategy);
    const query = { pretty, dryRun, fieldManager, force };
    for (const [key, value] of Object.entries(query))
      if (value !== undefined) context.setQueryParam(key, String(value));
    context.setBody(JSON.stringify(spec));
    return this.requestPromise<T>(context, undefined, config);
  }

  /** GET a pod's log (text/plain), through the same middleware, authentication and errors as every call. */
  async readPodLog(
    namespace: string,
    name: string,
    opts: { container: string; previous: boolean; tailLines: number },
  ): Promise<string> {
    const query = {
      container: opts.container,
      previous: String(opts.previous),
      tailLines: String(opts.tailLines),
    };
    const path = `/api/v1/namespaces/${encodeURIComponent(namespace)}/pods/${encodeURIComponent(name)}/log`;
    const context = this.configuration.baseServer.makeRequestContext(path, "GET" as HttpMethod);
    context.setHeaderParam("Accept", "text/plain, */*");
    for (const [key, value] of Object.entries(query)) context.setQueryParam(key, value);
    return (await this.requestPromise(context, PLAIN_TEXT)) as unknown as string;
  }

  async resourceOf(apiVersion: string, kind: string): Promise<unknown> {
    try {
      return await this.resource(apiVersion, kind);
    } catch (error) {
      // client-node prefixes the message of whatever failed in place (ours included, such as an
      // exec plugin's UserError); our messages already say what was being done.
      if (error instanceof Error)
        error.message = error.message.replace(/^Failed to fetch resource metadata for \S+: /, "");
      throw error;
    }
  }
}
