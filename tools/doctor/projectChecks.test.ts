import { describe, expect, it } from 'vitest';
import { checkProjectId } from './projectChecks';

describe('project id', () => {
  it('refuses the demo projects of the local emulators', () => {
    expect(checkProjectId('demo-family-portal')).toEqual([expect.objectContaining({ level: 'error', setting: '--project' })]);
  });

  it('refuses what cannot be a project id, and accepts one that can', () => {
    for (const id of ['Lindenhof', 'abc', 'portal_1', 'portal-']) expect(checkProjectId(id), id).toHaveLength(1);
    expect(checkProjectId('lindenhof-portal')).toEqual([]);
  });
});
