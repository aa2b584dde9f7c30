/** How a failed read reaches the screens (kept apart from queries.ts, which every read module imports). */
import type * as z from 'zod/mini';

export class DataLoadError extends Error {
  constructor(message: string, override readonly cause?: unknown) {
    super(message);
    this.name = 'DataLoadError';
  }
}

/** A stored document the contract's schema refuses: which one and where, never its values. */
export class InvalidDocumentError extends Error {
  constructor(
    readonly collection: string,
    readonly documentId: string,
    readonly problems: string[],
  ) {
    super(`${collection}/${documentId}: ${problems.join('; ')}`);
    this.name = 'InvalidDocumentError';
  }
}

/** Where each problem is and what kind it is, never the value (for the office's console). */
export const problemsOf = (error: z.core.$ZodError) => error.issues.map((issue) => `${issue.path.join('.') || 'document'}: ${issue.code}`);
