// A phase told from its groups, in the app's language ("a set of 4 and a run of 4"), and the
// phases as the API lists them, asked once.
import { api, answer, Unreachable, type Schemas } from "../api/client";
import { keepPhases, keptPhases } from "../outbox/shelf";
import { wordsOf } from "../words/language";

export type Phase = Schemas["Phase"];
type Kind = Schemas["GroupKind"];

const en = {
  group: (kind: Kind, size: number) =>
    kind === "set" ? `a set of ${size}` : kind === "run" ? `a run of ${size}` : `${size} of one color`,
  and: " and ",
};
const es: typeof en = {
  group: (kind: Kind, size: number) =>
    kind === "set" ? `un grupo de ${size} iguales` : kind === "run" ? `una escalera de ${size}` : `${size} del mismo color`,
  and: " y ",
};
const words = wordsOf({ en, es });

/** What a phase needs, in words: its groups joined. */
export function phaseNeeds(groups: { kind: Kind; size: number }[]): string {
  return groups.map((group) => words().group(group.kind, group.size)).join(words().and);
}

let asked: Promise<Phase[]> | null = null;

/** The ten phases of Phase 10 Dice, as `GET /v1/phases` gives them (asked once). */
export function dicePhases(): Promise<Phase[]> {
  asked ??= answer(api.GET("/v1/phases"))
    .then(async (phases) => {
      await keepPhases(phases);
      return phases;
    })
    .catch(async (error: unknown) => {
      asked = null;
      // Without a signal, the phases as last read: they never change.
      const kept = error instanceof Unreachable ? await keptPhases() : undefined;
      if (kept) return kept;
      throw error;
    });
  return asked;
}
