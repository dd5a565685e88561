// The generated client: the paths and bodies of openapi/openapi.json (schema.d.ts, made by
// openapi-typescript) called through openapi-fetch. The table's key goes with every call as the
// API asks, in a header, never in a URL.
import createClient from "openapi-fetch";
import type { components, paths } from "./schema";
import { tableKey } from "../table";
import { language } from "../words/language";

export type Schemas = components["schemas"];
export type Problem = Schemas["Problem"];

export const api = createClient<paths>({ baseUrl: location.origin });

api.use({
  onRequest({ request }) {
    const key = tableKey();
    if (key) request.headers.set("Authorization", `Bearer ${key}`);
    request.headers.set("Accept-Language", language());
    return request;
  },
});

/** An answer the service refused, with its problem (RFC 9457) as the API gives it. */
export class Refused extends Error {
  constructor(readonly problem: Problem) {
    super(problem.detail);
  }
}

/** A call that cannot reach the service (no signal, the server stopped). */
export class Unreachable extends Error {}

type Answer<T> = { data?: T; error?: unknown; response: Response };

/** The answer's body, or a `Refused` with its problem. */
export async function answer<T>(call: Promise<Answer<T>>): Promise<T> {
  let result: Answer<T>;
  try {
    result = await call;
  } catch (cause) {
    throw new Unreachable(String(cause));
  }
  if (result.error !== undefined || !result.response.ok) throw new Refused(asProblem(result.error, result.response));
  return result.data as T;
}

function asProblem(error: unknown, response: Response): Problem {
  if (typeof error === "object" && error !== null && "code" in error && "detail" in error) return error as Problem;
  return {
    type: "about:blank",
    title: response.statusText,
    status: response.status,
    detail: response.statusText,
    code: "internal_error",
  };
}
