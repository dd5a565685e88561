// Compile-time checks of the types generated from openapi/openapi.json: `tsc` fails when the
// document says less than the server sends (a field always sent typed as possibly missing, a
// rolled die without its color, a problem's code as any string, the event stream's items
// loosened). Nothing here runs; the types are the test.

import type { components, paths } from "./generated/schema.js";

type Schemas = components["schemas"];

/** `true` when A and B are the same type (not merely assignable one way). */
export type Equals<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** `true` when the property K of T may be left out. */
export type IsOptional<T, K extends keyof T> = {} extends Pick<T, K> ? true : false;

/** Compiles only when given `true`. */
export type Expect<T extends true> = T;

/** A property always present, of exactly this type (`null` included where it may be null). */
type Sent<T, K extends keyof T, V> = IsOptional<T, K> extends false ? Equals<T[K], V> : false;

// Sent always, null when there is nothing to say.
export type Checks = [
  Expect<Sent<Schemas["DiceGame"], "current_player_id", string | null>>,
  Expect<Sent<Schemas["DiceGame"], "turn_in_play", number | null>>,
  Expect<Sent<Schemas["CardGame"], "current_player_id", string | null>>,
  Expect<Sent<Schemas["CardPlayer"], "phase", number | null>>,
  Expect<Sent<Schemas["CardScoresheetLine"], "phase", number | null>>,
  Expect<Sent<Schemas["PhaseScore"], "score", number | null>>,
  Expect<Sent<Schemas["GamePage"], "next_cursor", string | null>>,
  Expect<Sent<Schemas["TurnPage"], "next_cursor", string | null>>,
  Expect<Sent<Schemas["HandPage"], "next_cursor", string | null>>,
  Expect<Sent<Schemas["EditPage"], "next_cursor", string | null>>,
  // How often an entry was replaced, always sent (0 if never); an edit keeps both entries.
  Expect<Sent<Schemas["Turn"], "edited", number>>,
  Expect<Sent<Schemas["Hand"], "edited", number>>,
  Expect<Sent<Schemas["Edit"], "before", Schemas["Entered"]>>,
  Expect<Sent<Schemas["Edit"], "after", Schemas["Entered"]>>,
  // A die the server rolled always shows its color; a die sent may leave it out.
  Expect<Sent<Schemas["RolledDie"], "color", Schemas["Color"]>>,
  Expect<IsOptional<Schemas["Die"], "color">>,
  // Sent or left out, never null.
  Expect<IsOptional<Schemas["Turn"], "rolls">>,
  Expect<Equals<Schemas["Turn"]["rolls"], Schemas["RolledDie"][][] | undefined>>,
  Expect<Equals<Schemas["EventData"]["turn"], Schemas["Turn"] | undefined>>,
  // A problem's code is one of the server's codes, not any string.
  Expect<Sent<Schemas["Problem"], "code", Schemas["ProblemCode"]>>,
  Expect<Equals<string extends Schemas["ProblemCode"] ? true : false, false>>,
  Expect<"not_your_turn" extends Schemas["ProblemCode"] ? true : false>,
  Expect<"impossible_points" extends Schemas["ProblemCode"] ? true : false>,
  // The event stream: each item is an SSE event whose `event` is one of the kinds and whose
  // `data` is the JSON text of EventData (or GameDeleted), which always holds the game.
  Expect<Equals<StreamEvent["event"], Schemas["EventKind"]>>,
  Expect<Equals<StreamEvent["data"], string>>,
  Expect<Sent<Schemas["EventData"], "game", Schemas["Game"]>>,
  Expect<Sent<Schemas["EventData"], "version", number>>,
  Expect<Sent<Schemas["GameDeleted"], "game_id", string>>,
];

/** One event of `GET /v1/games/{game_id}/events`, as the generated client types it. */
export type StreamEvent =
  paths["/v1/games/{game_id}/events"]["get"]["responses"][200]["content"]["text/event-stream"];

// The helpers catch what they are for: a request die's color may be left out, so claiming it
// is always sent must not compile; nor may a code typed as any string pass for the enum.
export type HelperChecks = [
  // @ts-expect-error: Die.color is optional.
  Expect<Sent<Schemas["Die"], "color", Schemas["Color"] | null>>,
  // @ts-expect-error: a string is not a ProblemCode.
  Expect<Equals<Schemas["Problem"]["code"], string>>,
  // @ts-expect-error: Equals is exact, not assignability.
  Expect<Equals<string | null, string>>,
];
