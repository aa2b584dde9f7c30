import { describe, expect, it } from 'vitest';
import { changesAsStored } from './memberWrites';

describe('changesAsStored: what Firestore holds when AppSheet accepted a change but its answer could not be read', () => {
  it('converts the written cells by their contract columns, as the next sync will', () => {
    expect(
      changesAsStored({
        cancellationRequested: 'Y',
        cancellationRequestedAt: '26.11.2026 15:04:05', // the school's clock, Berlin winter time
        cancellationReason: '  Umzug ',
        phone: '',
        address: 'Lindenstraße 5',
      }),
    ).toEqual({
      cancellationRequested: true,
      cancellationRequestedAt: '2026-11-26T14:04:05.000Z',
      cancellationReason: 'Umzug',
      phone: null,
      address: 'Lindenstraße 5',
    });
  });

  it('stores a cleared Yes/No as its blank value, not as null', () => {
    expect(changesAsStored({ cancellationRequested: '' })).toEqual({ cancellationRequested: false });
  });
});
