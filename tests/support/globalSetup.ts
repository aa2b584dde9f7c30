/**
 * The emulated suites share one AppSheet demo server on the port the emulated functions are
 * configured for (functions/.env.<project id> of the stack: tools/lib/stack.ts), started once
 * for the run.
 */
import type { TestProject } from 'vitest/node';
import { startDemoServer } from '../../tools/appsheet/server';
import { PORTS } from '../../tools/lib/stack';

export const FUNCTIONS_SCHOOL = { families: 12, seed: 7, today: '2026-11-21' } as const;

export default async function setup(project: TestProject) {
  // The project apart calls no function; npm test runs it alone beside the others' run, which
  // holds the port (vitest.emulated.config.ts).
  if (project.vitest.projects.every((each) => each.name === 'apart')) return;
  const server = await startDemoServer({ port: PORTS.appsheet, ...FUNCTIONS_SCHOOL });
  return () => server.close();
}
