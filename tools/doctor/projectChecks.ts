/** Checks about the project as a whole: which project, and what no settings file can show. */
import { error, type Finding } from './findings';

export function checkProjectId(projectId: string): Finding[] {
  if (projectId.startsWith('demo-')) {
    return [error('--project', `"${projectId}" is a demo project (the local emulators): pass the id of the real Firebase project`)];
  }
  if (!/^[a-z][a-z0-9-]{4,28}[a-z0-9]$/.test(projectId)) {
    return [error('--project', `"${projectId}" is not a Firebase project id (6–30 lower-case letters, digits and hyphens)`)];
  }
  return [];
}

/** What no file can show: said every time, so that nobody deploys without it. */
export const REMINDERS: readonly Finding[] = [
  {
    level: 'note',
    setting: 'Identity Platform',
    message:
      'the sign-up gate (membershipGate, a blocking function) deploys only when Authentication is upgraded to Identity Platform ' +
      '(Firebase console → Authentication → Settings); see docs/deploy.md if the school cannot upgrade',
  },
];
