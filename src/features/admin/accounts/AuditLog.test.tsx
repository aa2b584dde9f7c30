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

describe('AuditLog: waiting lists', () => {
  const step = (id: string, waitingStep: Extract<AuditEntry, { kind: 'waitingList' }>['step'], adminEmail: string, note: string | null = null): AuditEntry => ({
    kind: 'waitingList', id, adminEmail, at, step: waitingStep, requestId: 'REQ-7', childId: 'C0042', lessonId: 'L3', roomHourIds: ['RH1', 'RH4'], note,
  });
  const steps: AuditEntry[] = [
    step('W1', 'joined', 'anna@example.com'),
    step('W2', 'offered', ''),
    step('W3', 'expired', ''),
    step('W4', 'passed', 'anna@example.com'),
    step('W5', 'taken', 'anna@example.com'),
    step('W6', 'movedUp', 'office@example.com', 'Sibling <b>in</b> the group'),
    step('W7', 'removed', 'office@example.com'),
    step('W8', 'left', 'anna@example.com'),
  ];
  const renderSteps = () =>
    render(
      <MemoryRouter>
        <AuditLog page={{ entries: steps, next: null }} loading={false} error={null} onReload={() => undefined} />
      </MemoryRouter>,
    );

  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('names each step in words, who took it (the portal for its own), the request, child, lesson, times and note', () => {
    renderSteps();
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    const what = rows.map((row) => within(row).getAllByRole('cell')[2]!.firstChild!.textContent);
    expect(what).toEqual(['Joined the waiting list', 'Place offered', 'Offer ran out', 'Offer turned down', 'Offer taken', 'Moved up', 'Taken off the waiting list', 'Left the waiting list']);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual([
      'anna@example.com', 'the portal', 'the portal', 'anna@example.com', 'anna@example.com', 'office@example.com', 'office@example.com', 'anna@example.com',
    ]);
    expect(rows[0]).toHaveTextContent('Request REQ-7 · child C0042 · lesson L3 · times RH1, RH4');
    expect(within(rows[5]!).getByText('Note to the family: Sibling <b>in</b> the group')).toBeInTheDocument();
    expect(screen.getByRole('table').querySelector('b')).toBeNull();
    // On a phone: one entry a line, who on a line of its own.
    expect(within(screen.getByRole('list', { name: /Audit log/ })).getAllByRole('listitem')[1]).toHaveTextContent(/^Place offered.*the portal$/);
  });

  it('reads in German and Russian', async () => {
    await i18n.changeLanguage('de');
    const { unmount } = renderSteps();
    expect(within(screen.getByRole('table')).getByRole('row', { name: /das Portal Angebot abgelaufen Anfrage REQ-7 · Kind C0042 · Kurs L3 · Zeiten RH1, RH4/ })).toBeInTheDocument();
    unmount();
    await i18n.changeLanguage('ru');
    renderSteps();
    expect(within(screen.getByRole('table')).getByRole('row', { name: /office@example\.com Исключение из листа ожидания Заявка REQ-7/ })).toBeInTheDocument();
  });
});
