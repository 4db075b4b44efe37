// Fake GitHub and GitLab comment APIs on 127.0.0.1 (node:http), holding the comments of one pull
// request / merge request in memory. They answer the routes, status codes, pagination headers and
// error bodies of the real APIs as documented (GitHub: Link rel="next", 100 a page at most;
// GitLab: x-next-page), check the token, and record every request so a test can read what was sent.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeComment {
  id: number;
  body: string;
  author: string;
  system?: boolean;
}

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface FakeReviewApi {
  /** GITHUB_API_URL or CI_API_V4_URL for the fake. */
  apiUrl: string;
  comments: FakeComment[];
  requests: RecordedRequest[];
  /** Add a comment as someone else wrote it. */
  seed(body: string, author?: string, system?: boolean): FakeComment;
  /** Answer every write (POST, PATCH, PUT) with this status, as a read-only token gets. */
  refuseWrites(status: number): void;
  /** Most comments a page holds (the real APIs: 100). */
  pageSize: number;
  /**
   * Who the token is (GitHub: GraphQL's viewer login; GitLab: GET /user's username, ids given per
   * username): comments the token creates are written by it. Undefined: the platform will not say.
   */
  identity: string | undefined;
  close(): Promise<void>;
}

type Route = (
  request: IncomingMessage,
  body: string,
  url: URL,
) => { status: number; json: unknown; headers?: Record<string, string> };

async function startFake(
  refusal: string,
  authorized: (request: IncomingMessage) => boolean,
  routesFor: (fake: FakeReviewApi, base: string) => Route,
  prefix: string,
  identity: string,
  /** Paths outside the prefix it also serves (GitHub Enterprise Server's /api/graphql). */
  extraPaths: string[] = [],
): Promise<FakeReviewApi> {
  let refuse: number | undefined;
  let nextId = 1000;
  const fake = {
    apiUrl: "",
    comments: [] as FakeComment[],
    requests: [] as RecordedRequest[],
    pageSize: 100,
    identity: identity as string | undefined,
    seed(body: string, author = "someone", system = false) {
      const comment = { id: nextId++, body, author, ...(system ? { system } : {}) };
      fake.comments.push(comment);
      return comment;
    },
    refuseWrites(status: number) {
      refuse = status;
    },
    close: async () => {},
  };
  let route: Route;
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      fake.requests.push({
        method: request.method ?? "",
        url: request.url ?? "",
        headers: request.headers,
        body,
      });
      const send = (status: number, json: unknown, headers: Record<string, string> = {}) => {
        response.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
        response.end(JSON.stringify(json));
      };
      const url = new URL(request.url ?? "/", fake.apiUrl);
      const extra = extraPaths.includes(url.pathname);
      if (!url.pathname.startsWith(prefix) && !extra) return send(404, { message: "Not Found" });
      if (!authorized(request)) return send(401, { message: "Bad credentials" });
      if (refuse !== undefined && request.method !== "GET" && !extra) {
        return send(refuse, { message: refusal });
      }
      const answer = route(request, body, url);
      send(answer.status, answer.json, answer.headers);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const base = `http://127.0.0.1:${port}`;
  fake.apiUrl = `${base}${prefix}`;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  route = routesFor(fake, base);
  return fake;
}

function page<T>(items: T[], url: URL, size: number): { items: T[]; page: number; last: number } {
  const requested = Number(url.searchParams.get("per_page") ?? 30);
  const perPage = Math.min(requested, size);
  const pageNumber = Number(url.searchParams.get("page") ?? 1);
  const last = Math.max(1, Math.ceil(items.length / perPage));
  return { items: items.slice((pageNumber - 1) * perPage, pageNumber * perPage), page: pageNumber, last };
}

/** GitHub's issue comments API for pull request #7 of acme/shop, under /api/v3 (as on GitHub Enterprise Server). */
export function startFakeGitHub(token: string): Promise<FakeReviewApi> {
  const list = /^\/api\/v3\/repos\/acme\/shop\/issues\/7\/comments$/;
  const one = /^\/api\/v3\/repos\/acme\/shop\/issues\/comments\/(\d+)$/;
  return startFake(
    "Resource not accessible by integration",
    (request) =>
      [`token ${token}`, `Bearer ${token}`, `bearer ${token}`].includes(request.headers.authorization ?? ""),
    (fake, base) => {
      const show = (c: FakeComment) => ({
        id: c.id,
        body: c.body,
        user: { login: c.author, type: c.author.endsWith("[bot]") ? "Bot" : "User" },
        html_url: `${base}/acme/shop/pull/7#issuecomment-${c.id}`,
      });
      return (request, body, url) => {
        // GraphQL on GitHub Enterprise Server: /api/graphql beside /api/v3 (Octokit maps one to the other).
        if (url.pathname === "/api/graphql" && request.method === "POST") {
          const query = (JSON.parse(body) as { query?: string }).query ?? "";
          if (!/viewer\s*{\s*login\s*}/.test(query) || fake.identity === undefined) {
            return {
              status: 200,
              json: { data: null, errors: [{ message: "Resource not accessible by integration" }] },
            };
          }
          return { status: 200, json: { data: { viewer: { login: fake.identity } } } };
        }
        if (list.test(url.pathname) && request.method === "GET") {
          const { items, page: n, last } = page(fake.comments, url, fake.pageSize);
          const link = (p: number) => {
            const next = new URL(url);
            next.searchParams.set("page", String(p));
            return `<${next.toString()}>`;
          };
          const headers: Record<string, string> = {};
          if (n < last) headers.link = `${link(n + 1)}; rel="next", ${link(last)}; rel="last"`;
          return { status: 200, json: items.map(show), headers };
        }
        if (list.test(url.pathname) && request.method === "POST") {
          const comment = fake.seed(
            (JSON.parse(body) as { body: string }).body,
            fake.identity ?? "github-actions[bot]",
          );
          return { status: 201, json: show(comment) };
        }
        const match = one.exec(url.pathname);
        if (match && request.method === "PATCH") {
          const comment = fake.comments.find((c) => c.id === Number(match[1]));
          if (!comment) return { status: 404, json: { message: "Not Found" } };
          comment.body = (JSON.parse(body) as { body: string }).body;
          return { status: 200, json: show(comment) };
        }
        return { status: 404, json: { message: "Not Found" } };
      };
    },
    "/api/v3",
    "github-actions[bot]",
    ["/api/graphql"],
  );
}

/** GitLab's notes API for merge request !7 of project 42. */
export function startFakeGitLab(token: string): Promise<FakeReviewApi> {
  const list = /^\/api\/v4\/projects\/42\/merge_requests\/7\/notes$/;
  const one = /^\/api\/v4\/projects\/42\/merge_requests\/7\/notes\/(\d+)$/;
  return startFake(
    "403 Forbidden",
    (request) => request.headers["private-token"] === token,
    (fake) => {
      const ids = new Map<string, number>();
      const idOf = (username: string) => {
        if (!ids.has(username)) ids.set(username, 500 + ids.size);
        return ids.get(username)!;
      };
      const show = (c: FakeComment) => ({
        id: c.id,
        body: c.body,
        author: { id: idOf(c.author), username: c.author },
        system: Boolean(c.system),
      });
      return (request, body, url) => {
        if (url.pathname === "/api/v4/user" && request.method === "GET") {
          if (fake.identity === undefined) return { status: 403, json: { message: "403 Forbidden" } };
          return { status: 200, json: { id: idOf(fake.identity), username: fake.identity } };
        }
        if (list.test(url.pathname) && request.method === "GET") {
          const sorted =
            url.searchParams.get("sort") === "asc" ? fake.comments : [...fake.comments].reverse();
          const { items, page: n, last } = page(sorted, url, fake.pageSize);
          return {
            status: 200,
            json: items.map(show),
            headers: {
              "x-next-page": n < last ? String(n + 1) : "",
              "x-page": String(n),
              "x-total-pages": String(last),
            },
          };
        }
        if (list.test(url.pathname) && request.method === "POST") {
          return {
            status: 201,
            json: show(
              fake.seed((JSON.parse(body) as { body: string }).body, fake.identity ?? "project_42_bot"),
            ),
          };
        }
        const match = one.exec(url.pathname);
        if (match && request.method === "PUT") {
          const comment = fake.comments.find((c) => c.id === Number(match[1]));
          if (!comment) return { status: 404, json: { message: "404 Not found" } };
          comment.body = (JSON.parse(body) as { body: string }).body;
          return { status: 200, json: show(comment) };
        }
        return { status: 404, json: { message: "404 Not found" } };
      };
    },
    "/api/v4",
    "project_42_bot",
  );
}
