// @vitest-environment jsdom
import type { AuditEntry } from '@family-portal/contract';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../../i18n';
import { AuditLog } from './AuditLog';

const at = '2026-11-27T12:00:00.000Z';
const common = { adminEmail: 'office@example.com', at };
const entries: AuditEntry[] = [
  { kind: 'noticeSent', id: 'A1', ...common, noticeId: 'N1', noticeKind: 'notice', title: 'Winter <b>party</b>', audience: { kind: 'all' }, recipients: 1500 },
  { kind: 'noticeSent', id: 'A2', ...common, noticeId: 'N2', noticeKind: 'cancellation', title: 'Klavier fällt aus', audience: { kind: 'lessons', lessonNames: ['Klavier'] }, recipients: 3 },
  { kind: 'noticeWithdrawn', id: 'A3', ...common, noticeId: 'N2', noticeKind: 'cancellation', title: 'Klavier fällt aus', audience: { kind: 'lessons', lessonNames: ['Klavier'] }, recipients: 3 },
  { kind: 'noticeWithdrawn', id: 'A4', ...common, noticeId: 'N3', noticeKind: 'notice', title: 'Fees', audience: { kind: 'family', memberId: 'M7', memberName: 'Eve Example' }, recipients: 1 },
];

const renderLog = () =>
  render(
    <MemoryRouter>
      <AuditLog page={{ entries, next: null }} loading={false} error={null} onReload={() => undefined} />
    </MemoryRouter>,
  );

describe('AuditLog: notices', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('names each notice sent or withdrawn, whom it went to and how many families, as text', () => {
    renderLog();
    const table = within(screen.getByRole('table'));
    expect(table.getByRole('row', { name: /office@example\.com Notice sent: “Winter <b>party<\/b>” To every family with a portal account: 1500 families/ })).toBeInTheDocument();
    expect(table.getByRole('row', { name: /Lesson cancelled: “Klavier fällt aus” To the families of Klavier: 3 families/ })).toBeInTheDocument();
    expect(table.getByRole('row', { name: /Cancellation withdrawn: “Klavier fällt aus”/ })).toBeInTheDocument();
    expect(table.getByRole('row', { name: /Notice withdrawn: “Fees” To the family Eve Example \(M7\)/ })).toBeInTheDocument();
    expect(screen.getByRole('table').querySelector('b')).toBeNull();
  });

  it('reads in German and Russian', async () => {
    await i18n.changeLanguage('de');
    const { unmount } = renderLog();
    expect(within(screen.getByRole('table')).getByRole('row', { name: /Kurs abgesagt: „Klavier fällt aus“ An die Familien von Klavier: 3 Familien/ })).toBeInTheDocument();
    unmount();
    await i18n.changeLanguage('ru');
    renderLog();
    expect(within(screen.getByRole('table')).getByRole('row', { name: /Занятие отменено: «Klavier fällt aus» Семьям занятий Klavier: 3 семьи/ })).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getByRole('row', { name: /Всем семьям с учётной записью портала: 1500 семей/ })).toBeInTheDocument();
  });
});
