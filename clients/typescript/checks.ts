// What the programs that play through the generated client share: checks that count, and the
// answers of calls that must succeed or fail as the document says.
import type createClient from "openapi-fetch";

import type { components, paths } from "./generated/schema.js";

type Schemas = components["schemas"];
// The programs read JSON: the pad's CSV and HTML (chosen by Accept) are for people.
export type Json = `${string}/json` | `${string}/${string}+json`;
export type Client = ReturnType<typeof createClient<paths, Json>>;

let count = 0;

/** How many checks have passed so far. */
export function passed(): number {
  return count;
}

export function check(condition: boolean, what: string): asserts condition {
  if (!condition) {
    console.log(`checks: ${count} passed, 1 failed`);
    throw new Error(`FAILED: ${what}`);
  }
  count += 1;
  console.log(`ok: ${what}`);
}

/** A fact the program relies on, not counted as a check: a failure ends the run all the same. */
export function must(condition: boolean, what: string): asserts condition {
  if (!condition) {
    console.log(`checks: ${count} passed, 1 failed`);
    throw new Error(`FAILED: ${what}`);
  }
}

/** The answer of a call that must succeed, or a failure naming the problem it got. */
export function ok<T>(answer: { data?: T; error?: unknown; response: Response }, what: string): T {
  if (answer.data === undefined) {
    throw new Error(`FAILED: ${what}: ${answer.response.status} ${JSON.stringify(answer.error)}`);
  }
  return answer.data;
}

/** The problem of a call that must fail with this status and code. */
export function problem(
  answer: { error?: Schemas["Problem"]; response: Response },
  status: number,
  code: Schemas["ProblemCode"],
  what: string,
): Schemas["Problem"] {
  const found = answer.error;
  check(
    found !== undefined && answer.response.status === status && found.status === status && found.code === code,
    `${what} (${status} ${code}; got ${answer.response.status} ${found?.code})`,
  );
  return found;
}
