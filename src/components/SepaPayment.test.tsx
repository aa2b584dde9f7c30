// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n';
import { SepaPayment } from './SepaPayment';

/**
 * The browser's side of lib/qrCode.worker: answers each payload when the test says so. The code
 * itself is drawn and scanned in a real browser (tests/e2e/dashboard.spec.ts).
 */
class WorkerInTest {
  static made: WorkerInTest[] = [];
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  payload: string | null = null;
  terminated = false;
  constructor() {
    WorkerInTest.made.push(this);
  }
  postMessage(payload: string) {
    this.payload = payload;
  }
  terminate() {
    this.terminated = true;
  }
  answer(data: unknown) {
    act(() => this.onmessage?.({ data } as MessageEvent));
  }
}

beforeEach(() => {
  WorkerInTest.made = [];
  vi.stubGlobal('Worker', WorkerInTest);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

describe('SEPA payment copy buttons', () => {
  it.each([
    ['de', 'Betrag kopieren', '1234,50'],
    ['en', 'Copy Amount', '1234.50'],
    ['ru', 'Копировать: Сумма', '1234,50'],
  ])('copy the amount in %s as a banking app there expects it: no currency sign, no thousands separator', async (language, button, expected) => {
    await i18n.changeLanguage(language);
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<SepaPayment amount={1234.5} reference="Anna Müller" />);
    await userEvent.click(screen.getByRole('button', { name: button }));
    expect(writeText).toHaveBeenCalledWith(expected);
  });
});

describe('SEPA details that no QR code can carry', () => {
  it('keep the transfer details and their copy buttons; only the code gives way to a note', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    // The EPC format allows 140 characters of reference.
    const reference = `Familie ${'Sehr-Lang-Doppelname '.repeat(7)}`.trim();
    expect(reference.length).toBeGreaterThan(140);
    render(<SepaPayment amount={440} reference={reference} />);
    expect(screen.getByText('No QR code can be made for these details. Please copy them into your transfer.')).toBeInTheDocument();
    expect(screen.queryByTestId('sepa-qr')).not.toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText(reference)).toBeInTheDocument();
    for (const field of ['Recipient', 'IBAN', 'BIC', 'Amount', 'Reference']) {
      expect(screen.getByRole('button', { name: `Copy ${field}` })).toBeInTheDocument();
    }
    await userEvent.click(screen.getByRole('button', { name: 'Copy Reference' }));
    expect(writeText).toHaveBeenCalledWith(reference);
  });

  it('show the scanning hint and no empty frame when the code cannot be drawn (no workers here)', () => {
    vi.unstubAllGlobals();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(<SepaPayment amount={440} reference="Anna Müller" />);
    expect(screen.getByText('No QR code can be made for these details. Please copy them into your transfer.')).toBeInTheDocument();
    expect(screen.queryByTestId('sepa-qr')).not.toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('The EPC QR code could not be drawn', expect.any(Error));
  });
});

describe('the QR code, drawn in a worker', () => {
  it('shows the code the worker drew for these details, described for screen readers', () => {
    render(<SepaPayment amount={440} reference="Anna Müller" />);
    const [worker] = WorkerInTest.made;
    expect(worker!.payload).toContain('\nAnna Müller');
    expect(worker!.payload).toContain('EUR440.00');
    expect(screen.queryByTestId('sepa-qr')).not.toBeInTheDocument();
    worker!.answer({ svg: '<svg xmlns="http://www.w3.org/2000/svg"/>' });
    const code = screen.getByTestId('sepa-qr');
    expect(code).toHaveAttribute('src', `data:image/svg+xml;charset=utf-8,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg"/>')}`);
    expect(code).toHaveAccessibleName(/^QR code for a SEPA transfer of €440\.00 to /);
    expect(screen.getByText('Scan the QR code with your banking app, or copy the details into a transfer.')).toBeInTheDocument();
    expect(worker!.terminated).toBe(true);
  });

  it('never shows the code of an earlier amount, and stops the drawing it no longer needs', () => {
    const { rerender } = render(<SepaPayment amount={440} reference="Anna Müller" />);
    const [first] = WorkerInTest.made;
    first!.answer({ svg: '<svg id="first"/>' });
    rerender(<SepaPayment amount={220} reference="Anna Müller" />);
    expect(screen.queryByTestId('sepa-qr')).not.toBeInTheDocument();
    const second = WorkerInTest.made[1]!;
    expect(second.payload).toContain('EUR220.00');
    rerender(<SepaPayment amount={110} reference="Anna Müller" />);
    expect(second.terminated).toBe(true);
  });

  it('says the code cannot be made when the worker fails, and keeps the details', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(<SepaPayment amount={440} reference="Anna Müller" />);
    WorkerInTest.made[0]!.answer({ error: 'Error: data too long' });
    expect(screen.getByText('No QR code can be made for these details. Please copy them into your transfer.')).toBeInTheDocument();
    expect(screen.queryByTestId('sepa-qr')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy Amount' })).toBeInTheDocument();
  });
});
