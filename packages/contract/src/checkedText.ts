/**
 * The contact input rules (contactInput.ts) as a schema for the API bodies. Apart from them so
 * that the web app's forms check input without loading zod.
 */
import * as z from 'zod/mini';
import { INPUT_PROBLEM_TEXT, inputProblem, type CheckedField } from './contactInput';

/**
 * A checked field's schema: trimmed, and refused with the API's reason (and the problem, for the
 * web app's translated text) when the rules say so.
 */
export const checkedText = (field: CheckedField) =>
  z.string().check(
    z.trim(),
    z.superRefine((value, context) => {
      const problem = inputProblem(field, value);
      if (problem) context.addIssue({ code: 'custom', message: INPUT_PROBLEM_TEXT[problem](field), params: { problem } });
    }),
  );
