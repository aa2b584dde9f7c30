import { afterEach, describe, expect, it } from 'vitest';
import {
  absenceMailHourFromEnvironment,
  noticeMailBudgetFromEnvironment,
  officeEmailFromEnvironment,
  schoolClosuresPerDayFromEnvironment,
  TRUSTED_PROXIES_SETTING,
  trustedProxiesFromEnvironment,
  uncertainHoldMsFromEnvironment,
} from './config';

afterEach(() => {
  delete process.env[TRUSTED_PROXIES_SETTING];
});

describe('TRUSTED_PROXY_COUNT', () => {
  it('is 0 unless set: the functions are called directly', () => {
    expect(trustedProxiesFromEnvironment()).toBe(0);
    process.env[TRUSTED_PROXIES_SETTING] = ' ';
    expect(trustedProxiesFromEnvironment()).toBe(0);
  });

  it('reads a whole number of proxies', () => {
    process.env[TRUSTED_PROXIES_SETTING] = '2';
    expect(trustedProxiesFromEnvironment()).toBe(2);
  });

  it.each(['-1', '1.5', 'one', '11'])('refuses %s with a message naming the setting', (value) => {
    process.env[TRUSTED_PROXIES_SETTING] = value;
    expect(() => trustedProxiesFromEnvironment()).toThrow(`TRUSTED_PROXY_COUNT must be a whole number of proxies from 0 to 10, not "${value}"`);
  });
});

describe("the office's absence e-mail", () => {
  it('goes nowhere without OFFICE_EMAIL, else to the one address given, lower-cased', () => {
    expect(officeEmailFromEnvironment({})).toBeNull();
    expect(officeEmailFromEnvironment({ OFFICE_EMAIL: ' ' })).toBeNull();
    expect(officeEmailFromEnvironment({ OFFICE_EMAIL: ' Buero@Schule.example ' })).toBe('buero@schule.example');
    expect(() => officeEmailFromEnvironment({ OFFICE_EMAIL: 'a@b.example, c@d.example' })).toThrow('OFFICE_EMAIL must be one e-mail address');
  });

  it('goes from 17:00 unless ABSENCE_MAIL_HOUR names another whole hour', () => {
    expect(absenceMailHourFromEnvironment({})).toBe(17);
    expect(absenceMailHourFromEnvironment({ ABSENCE_MAIL_HOUR: '0' })).toBe(0);
    for (const value of ['24', '-1', '7.5', 'seven']) expect(() => absenceMailHourFromEnvironment({ ABSENCE_MAIL_HOUR: value })).toThrow(`ABSENCE_MAIL_HOUR must be a whole hour from 0 to 23, not "${value}"`);
  });
});

describe("the daily budget of notice e-mails", () => {
  it('is left to the number of families unless NOTICE_MAILS_PER_DAY names a whole number from 1', () => {
    expect(noticeMailBudgetFromEnvironment({})).toBeNull();
    expect(noticeMailBudgetFromEnvironment({ NOTICE_MAILS_PER_DAY: ' ' })).toBeNull();
    expect(noticeMailBudgetFromEnvironment({ NOTICE_MAILS_PER_DAY: '5000' })).toBe(5000);
    for (const value of ['0', '-5', '1.5', 'many']) {
      expect(() => noticeMailBudgetFromEnvironment({ NOTICE_MAILS_PER_DAY: value })).toThrow(`NOTICE_MAILS_PER_DAY must be a whole number of e-mails, 1 or more, not "${value}"`);
    }
  });
});

describe('the closures of the school a day', () => {
  it('are 3 unless SCHOOL_CLOSURES_PER_DAY names a whole number from 1', () => {
    expect(schoolClosuresPerDayFromEnvironment({})).toBe(3);
    expect(schoolClosuresPerDayFromEnvironment({ SCHOOL_CLOSURES_PER_DAY: ' ' })).toBe(3);
    expect(schoolClosuresPerDayFromEnvironment({ SCHOOL_CLOSURES_PER_DAY: '5' })).toBe(5);
    for (const value of ['0', '-1', '2.5', 'few']) {
      expect(() => schoolClosuresPerDayFromEnvironment({ SCHOOL_CLOSURES_PER_DAY: value })).toThrow(`SCHOOL_CLOSURES_PER_DAY must be a whole number of closures, 1 or more, not "${value}"`);
    }
  });
});

describe('how long an unheard booking request keeps its places', () => {
  it('is left to the default (5 minutes) unless BOOKING_UNCERTAIN_HOLD_MINUTES names whole minutes from 0', () => {
    expect(uncertainHoldMsFromEnvironment({})).toBeUndefined();
    expect(uncertainHoldMsFromEnvironment({ BOOKING_UNCERTAIN_HOLD_MINUTES: ' ' })).toBeUndefined();
    expect(uncertainHoldMsFromEnvironment({ BOOKING_UNCERTAIN_HOLD_MINUTES: '0' })).toBe(0);
    expect(uncertainHoldMsFromEnvironment({ BOOKING_UNCERTAIN_HOLD_MINUTES: '30' })).toBe(30 * 60_000);
    for (const value of ['-1', '2.5', 'soon']) {
      expect(() => uncertainHoldMsFromEnvironment({ BOOKING_UNCERTAIN_HOLD_MINUTES: value })).toThrow(`BOOKING_UNCERTAIN_HOLD_MINUTES must be a whole number of minutes, 0 or more, not "${value}"`);
    }
  });
});
