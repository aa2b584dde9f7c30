import { describe, expect, it } from 'vitest';
import { TEST_MAIL_SETTINGS } from './mailTestSettings';
import { decideParentMails, parentMail } from './parentMail';
import { readUnsubscribeToken } from './unsubscribeToken';

const settings = TEST_MAIL_SETTINGS;
const anna = { uid: 'uid-anna', email: 'anna@example.com', name: 'Anna Müller', language: 'de' as const };
const payment = (id: string, amount: number, direction = 'IN') => ({ id, amount, date: '2026-11-20', direction });

describe('decideParentMails', () => {
  it('sends "payment due" once when the balance turns due, not while it stays due, and again after it was settled', () => {
    let baseline = { balanceDue: false };
    const kinds = [-40, -55, 0, -12].map((balance) => {
      const decision = decideParentMails({ paymentDue: true, paymentReceived: false, baseline }, { balance }, []);
      baseline = decision.baseline as typeof baseline;
      return decision.mails.map((mail) => (mail.kind === 'paymentDue' ? mail.amount : null));
    });
    expect(kinds).toEqual([[40], [], [], [12]]);
  });

  it('says nothing of a balance that was due already when the parent turned the e-mail on', () => {
    expect(decideParentMails({ paymentDue: true, paymentReceived: false, baseline: { balanceDue: true } }, { balance: -40 }, []).mails).toEqual([]);
  });

  it('sends "payment received" for each new incoming payment only, never for one known at the opt-in or an outgoing one', () => {
    const decision = decideParentMails(
      { paymentDue: false, paymentReceived: true, baseline: { paymentIds: ['P1'] } },
      { balance: 0 },
      [payment('P1', 50), payment('P2', 80), payment('P3', 20, 'OUT')],
    );
    expect(decision.mails).toEqual([{ kind: 'paymentReceived', amount: 80, date: '2026-11-20', paymentId: 'P2' }]);
    expect(decision.baseline.paymentIds).toEqual(['P1', 'P2', 'P3']);
  });

  it('sends nothing for a kind that is off', () => {
    expect(decideParentMails({ paymentDue: false, paymentReceived: false, baseline: { balanceDue: false } }, { balance: -40 }, [payment('P9', 5)]).mails).toEqual([]);
  });
});

describe('parentMail', () => {
  it('names the amount and the transfer details as text, links the screen, and unsubscribes with a signed link', async () => {
    const mail = await parentMail({ kind: 'paymentDue', amount: 40 }, anna, settings);
    // Intl puts a no-break space between the figure and the euro sign.
    const text = mail.message.text.replace(/\u00a0/g, ' ');
    expect(mail.to).toBe('anna@example.com');
    expect(mail.message.subject).toBe('Familienportal: Eine Zahlung ist fällig');
    expect(text).toContain('weist 40,00 € zur Zahlung aus');
    expect(text).toContain('Empfänger: Schulverein Lindenhof e.V.\nIBAN: DE02 1203 0000 0000 2020 51\nBIC: BYLADEM1001\nBetrag: 40,00 €\nVerwendungszweck: Anna Müller');
    expect(mail.message.text).toContain('Details im Portal ansehen: https://portal.lindenhof.example/');
    const link = /https:\/\/portal\.lindenhof\.example\/unsubscribe\?token=([\w.-]+)/.exec(mail.message.text);
    expect(readUnsubscribeToken(link![1]!, 'link-key')).toEqual({ uid: 'uid-anna', kind: 'paymentDue' });
    // Mail programs post to the function itself, with the same token (RFC 8058).
    expect(mail.headers['List-Unsubscribe']).toBe(`<https://europe-west1-lindenhof.cloudfunctions.net/unsubscribeOneClick?token=${link![1]}>`);
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.uid).toBe('uid-anna');
  });

  it('carries the EPC QR code as an inline image, and names the association at the top and in the footer', async () => {
    const mail = await parentMail({ kind: 'paymentDue', amount: 40 }, anna, settings);
    const [qr] = mail.message.attachments ?? [];
    expect(qr).toMatchObject({ cid: 'epc-qr@family-portal', contentType: 'image/png', encoding: 'base64' });
    expect(Buffer.from(qr!.content, 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect(mail.message.html).toContain('<img src="cid:epc-qr@family-portal"');
    expect(mail.message.text.startsWith('Schulverein Lindenhof e.V.\n\nGuten Tag Anna Müller,')).toBe(true);
    expect(mail.message.text).toContain('--\nSchulverein Lindenhof e.V.\nLindenstraße 1\n12345 Musterstadt\nImpressum: https://portal.lindenhof.example/imprint\nDatenschutz: https://portal.lindenhof.example/privacy');
    // Only the payment-due e-mail has a code to scan.
    expect((await parentMail({ kind: 'paymentReceived', amount: 80, date: '2026-11-20', paymentId: 'P2' }, anna, settings)).message.attachments).toBeUndefined();
  });

  it('writes in the parent’s language and escapes names in the HTML', async () => {
    const received = await parentMail({ kind: 'paymentReceived', amount: 80, date: '2026-11-20', paymentId: 'P 2' }, { ...anna, language: 'en', name: 'Anna <b>' }, settings);
    expect(received.message.subject).toBe('Family Portal: payment received');
    expect(received.message.text).toContain('Dear Anna <b>,\n\nWe have received your payment of €80.00 of 20 November 2026.');
    expect(received.message.text).toContain('https://portal.lindenhof.example/transactions?transaction=P%202');
    expect(received.message.html).toContain('Dear Anna &lt;b&gt;,');
    const russian = await parentMail({ kind: 'cancellationConfirmed', date: '2026-11-26T10:00:00.000Z' }, { ...anna, language: 'ru' }, settings);
    expect(russian.message.subject).toBe('Семейный портал: заявление о выходе получено');
    expect(russian.message.text).toContain('от 26 ноября 2026 г.');
  });
});
