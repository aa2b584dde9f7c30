// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import i18n from '../../i18n';
import { AuthContext } from '../../auth/AuthProvider';
import { NotificationsCard } from './NotificationsCard';

const PARENT = { uid: 'parent-uid', email: 'anna.mueller@example.com', emailVerified: true, displayName: null, photoURL: null, isAdmin: false };
const SignedIn = ({ children }: { children: React.ReactNode }) => <AuthContext.Provider value={{ user: PARENT, loading: false, refreshUser: async () => null }}>{children}</AuthContext.Provider>;

const api = vi.hoisted(() => ({ getNotificationChoices: vi.fn(), setNotificationChoices: vi.fn() }));
vi.mock('../../api/members', () => api);
/** The family's direct debit: none unless a test gives it a mandate. */
const directDebit = vi.hoisted(() => ({ mandates: [] as Array<Record<string, unknown>> }));
vi.mock('../../data/useDirectDebit', () => ({
  useDirectDebit: () => ({
    state: { status: 'ready', offered: true, mandates: directDebit.mandates, active: directDebit.mandates.find((mandate) => mandate.status === 'active') ?? null, debits: [] },
    apply: () => undefined,
    retry: () => undefined,
  }),
}));
const MANDATE = { id: 'MNDT-M0001-A1', memberId: 'M0001', accountHolder: 'Anna Müller', ibanMasked: 'DE•• •••• •••• •••• ••30 00', bic: null, signedAt: '2026-12-01T10:00:00.000Z', signedBy: 'anna.mueller@example.com', revokedAt: null };
/** What a parent who never saved choices gets: all off, but cancelled lessons. */
const OFF = { paymentDue: false, paymentReceived: false, cancellationConfirmed: false, bookingDecided: false, notices: false, lessonCancelled: true, language: 'de' };

beforeEach(async () => {
  await i18n.changeLanguage('en');
  directDebit.mandates = [];
  api.getNotificationChoices.mockReset().mockResolvedValue(OFF);
  api.setNotificationChoices.mockReset().mockImplementation((choices: unknown) => Promise.resolve(choices));
});

describe('e-mail choices', () => {
  it('start off but cancelled lessons, and save what the parent turned on with the language the portal shows', async () => {
    await i18n.changeLanguage('ru');
    render(<NotificationsCard />, { wrapper: SignedIn });
    const due = await screen.findByLabelText('Когда нужно оплатить (с суммой и реквизитами)');
    expect(due).not.toBeChecked();
    await userEvent.click(due);
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить настройки писем' }));
    expect(screen.getByRole('checkbox', { name: /Сообщения канцелярии школы/ })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: /отменяется занятие/ })).toBeChecked();
    expect(api.setNotificationChoices).toHaveBeenCalledWith({ ...OFF, paymentDue: true, language: 'ru' });
    expect(await screen.findByRole('status')).toHaveTextContent('Настройки писем сохранены.');
  });

  it.each([
    ['en', "When the school office confirms or declines a booking request (with the course, the times and the office's note)", 'Save e-mail choices'],
    ['de', 'Wenn das Schulbüro eine Kursanfrage bestätigt oder ablehnt (mit Kurs, Zeiten und Hinweis des Schulbüros)', 'E-Mail-Einstellungen speichern'],
    ['ru', 'Когда канцелярия школы подтверждает или отклоняет заявку на занятие (с занятием, временем и примечанием канцелярии)', 'Сохранить настройки писем'],
  ])('offer booking decisions in %s, off until turned on, and save it on its own', async (language, label, save) => {
    await i18n.changeLanguage(language);
    render(<NotificationsCard />, { wrapper: SignedIn });
    const decisions = await screen.findByRole('checkbox', { name: label });
    expect(decisions).not.toBeChecked();
    expect(screen.getAllByRole('checkbox')).toHaveLength(6);
    await userEvent.click(decisions);
    await userEvent.click(screen.getByRole('button', { name: save }));
    expect(api.setNotificationChoices).toHaveBeenCalledWith({ ...OFF, bookingDecided: true, language });
    expect(await screen.findByRole('checkbox', { name: label })).toBeChecked();
  });

  it('show booking decisions on when the parent turned them on', async () => {
    api.getNotificationChoices.mockResolvedValue({ ...OFF, bookingDecided: true });
    render(<NotificationsCard />, { wrapper: SignedIn });
    expect(await screen.findByRole('checkbox', { name: /booking request/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /payment is due/ })).not.toBeChecked();
  });

  it.each([
    ['en', 'Choose which e-mails the portal sends you. Nothing is sent until you turn it on, except when a lesson of your children is cancelled', 'Notices from the school office (in the language you read them in here)', 'When a lesson of your children is cancelled (sent unless you turn it off)', 'Save e-mail choices'],
    ['de', 'Nichts wird verschickt, bevor Sie es einschalten – außer wenn eine Unterrichtsstunde Ihrer Kinder ausfällt', 'Mitteilungen des Büros (in der Sprache, in der Sie sie hier lesen)', 'Wenn eine Unterrichtsstunde Ihrer Kinder ausfällt (wird gesendet, solange Sie es nicht ausschalten)', 'E-Mail-Einstellungen speichern'],
    ['ru', 'Ничего не отправляется, пока вы это не включите, кроме писем об отмене занятия ваших детей', 'Сообщения канцелярии школы (на языке, на котором вы читаете их здесь)', 'Когда отменяется занятие ваших детей (отправляется, пока вы это не отключите)', 'Сохранить настройки писем'],
  ])('offer notices (off) and cancelled lessons (on unless turned off) in %s, and save both', async (language, intro, notices, cancelled, save) => {
    await i18n.changeLanguage(language);
    render(<NotificationsCard />, { wrapper: SignedIn });
    expect(await screen.findByRole('checkbox', { name: notices })).not.toBeChecked();
    expect(screen.getByText(intro, { exact: false })).toBeInTheDocument();
    const lessonCancelled = screen.getByRole('checkbox', { name: cancelled });
    expect(lessonCancelled).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: notices }));
    await userEvent.click(lessonCancelled);
    await userEvent.click(screen.getByRole('button', { name: save }));
    expect(api.setNotificationChoices).toHaveBeenCalledWith({ ...OFF, notices: true, lessonCancelled: false, language });
    expect(await screen.findByRole('checkbox', { name: cancelled })).not.toBeChecked();
  });

  it('say why they cannot be loaded', async () => {
    api.getNotificationChoices.mockRejectedValue(new ApiError('offline', 0, 'network'));
    render(<NotificationsCard />, { wrapper: SignedIn });
    expect(await screen.findByRole('alert')).toHaveTextContent(i18n.t('errors.api.network'));
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});

describe('while the family pays by direct debit', () => {
  it.each([
    ['en', 'active', /Announcements of direct debits/, /as the direct debit rules require/],
    ['de', 'active', /Vorabankündigungen von Lastschriften/, /wie es die Lastschriftregeln verlangen/],
    ['ru', 'suspended', /Уведомления о списаниях/, /как того требуют правила SEPA/],
  ])('in %s (mandate %s), lists the announcements of collections: on, and not to be turned off', async (language, status, label, why) => {
    await i18n.changeLanguage(language);
    directDebit.mandates = [{ ...MANDATE, status }];
    render(<NotificationsCard memberId="M0001" />, { wrapper: SignedIn });
    const announcements = await screen.findByRole('checkbox', { name: label });
    expect(announcements).toBeChecked();
    expect(announcements).toBeDisabled();
    expect(announcements).toHaveAccessibleDescription(why);
    await userEvent.click(screen.getByRole('button', { name: /E-Mail|e-mail|писем/ }));
    expect(api.setNotificationChoices).toHaveBeenCalledWith({ ...OFF, language });
  });

  it('lists nothing more once the mandate was stopped', async () => {
    directDebit.mandates = [{ ...MANDATE, status: 'revoked', revokedAt: '2026-12-02T10:00:00.000Z' }];
    render(<NotificationsCard memberId="M0001" />, { wrapper: SignedIn });
    await screen.findByRole('checkbox', { name: /booking request/ });
    expect(screen.getAllByRole('checkbox')).toHaveLength(6);
    expect(screen.queryByRole('checkbox', { name: /Announcements of direct debits/ })).toBeNull();
  });
});
