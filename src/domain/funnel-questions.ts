import { iconGroupFor, type IconGroup } from './category-icons';
import type { ProjectAnswer } from './funnel/lead';
import { URGENCY_DEFAULT } from './urgency';

/**
 * The project step's questions (docs/widgets/raq-funnel.md#project)
 * and its timing choices (`urgency`, default 'NA').
 *
 * Decisions where the spec is silent (it names the attributes, not where they come from):
 * - The questions are chosen by the category's group (the icon groups of category-icons.ts:
 *   home, auto, health, pets, events, generic), two or three per group, every answer optional.
 *   A question is an id and its options' ids; the words are in the catalogue
 *   (`funnel.question.<id>` and `funnel.question.<id>.<option>`).
 * - The lead's attributes carry the words the customer saw (question and answer text), as the
 *   provider's lead card shows them.
 * - Timing values are stable English codes the gateway stores and the lead card shows (as the
 *   seeded leads have them); 'NA' ("not sure yet") is the default.
 */

export interface ProjectQuestion {
  readonly id: string;
  readonly options: readonly string[];
}

const PROPERTY: ProjectQuestion = { id: 'propertyType', options: ['house', 'townhouse', 'condo', 'commercial'] };
const OWNERSHIP: ProjectQuestion = { id: 'ownership', options: ['own', 'rent'] };
const EMERGENCY: ProjectQuestion = { id: 'emergency', options: ['yes', 'no'] };
const ESTIMATE: ProjectQuestion = { id: 'estimate', options: ['inPerson', 'phone'] };

const QUESTIONS_BY_GROUP: Readonly<Record<IconGroup, readonly ProjectQuestion[]>> = {
  home: [PROPERTY, OWNERSHIP, EMERGENCY],
  auto: [
    { id: 'vehicleType', options: ['car', 'truck', 'suv', 'motorcycle'] },
    { id: 'drivable', options: ['yes', 'no'] },
  ],
  health: [
    { id: 'patient', options: ['self', 'child', 'family', 'other'] },
    { id: 'newPatient', options: ['yes', 'no'] },
  ],
  pets: [{ id: 'petType', options: ['dog', 'cat', 'other'] }, EMERGENCY],
  events: [
    { id: 'guests', options: ['under25', 'from25to100', 'over100'] },
    { id: 'eventType', options: ['private', 'corporate'] },
  ],
  generic: [EMERGENCY, ESTIMATE],
};

/** The questions for a lead filed under `categoryId` (the task category when there is one). */
export function projectQuestionsFor(categoryId: number | null): readonly ProjectQuestion[] {
  return QUESTIONS_BY_GROUP[iconGroupFor(categoryId)];
}

/**
 * Every question id and option id of every group (the catalogue must name each).
 * @internal Only tests use it: no shipped code calls it.
 */
export function allProjectQuestions(): readonly ProjectQuestion[] {
  const byId = new Map<string, ProjectQuestion>();
  for (const list of Object.values(QUESTIONS_BY_GROUP)) for (const question of list) byId.set(question.id, question);
  return [...byId.values()];
}

/** The answers with `questionText` answered `answerText` (or unanswered, when null); order kept. */
export function withAnswer(answers: readonly ProjectAnswer[], questionText: string, answerText: string | null): ProjectAnswer[] {
  if (answerText === null) return answers.filter((answer) => answer.questionText !== questionText);
  const next = { questionText, answerText };
  return answers.some((answer) => answer.questionText === questionText)
    ? answers.map((answer) => (answer.questionText === questionText ? next : answer))
    : [...answers, next];
}

/** Project timing: what the customer can pick; the first-listed default is 'NA'. */
export const URGENCY_OPTIONS = [
  { value: URGENCY_DEFAULT, id: 'notSure' },
  { value: 'As soon as possible', id: 'asap' },
  { value: 'Within 1 week', id: 'week' },
  { value: 'Within 1 month', id: 'month' },
  { value: 'Flexible', id: 'flexible' },
] as const;

export type UrgencyOptionId = (typeof URGENCY_OPTIONS)[number]['id'];

/** The timing choice shown for a stored urgency (null or unknown: 'NA', the default). */
export function urgencyOptionFor(urgency: string | null | undefined): (typeof URGENCY_OPTIONS)[number] {
  return URGENCY_OPTIONS.find((option) => option.value === urgency) ?? URGENCY_OPTIONS[0];
}
