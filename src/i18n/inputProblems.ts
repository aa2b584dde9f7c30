/** The contact form's texts (family.validation.*) of a text's input problem, for every form that checks one. */
import type { InputProblem } from '@family-portal/contract/contactInput';

export const INPUT_PROBLEM_KEYS = {
  tooLong: 'family.validation.tooLong',
  controlCharacters: 'family.validation.controlCharacters',
  formulaStart: 'family.validation.formulaStart',
  phoneFormat: 'family.validation.phoneFormat',
} as const satisfies Record<InputProblem, string>;
