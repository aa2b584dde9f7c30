/** The login page as parents see it, on desktop and phone, in the three languages. */
import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from './support/emulators';

const TEXT = {
  en: { email: 'Email', password: 'Password', signIn: 'Sign in', wrong: 'Wrong email or password', home: 'Home', empty: 'Please fill in all fields' },
  de: { email: 'E-Mail-Adresse', password: 'Passwort', signIn: 'Anmelden', wrong: 'Falsche E-Mail-Adresse oder falsches Passwort', home: 'Start', empty: 'Bitte füllen Sie alle Felder aus' },
  ru: { email: 'Электронная почта', password: 'Пароль', signIn: 'Войти', wrong: 'Неверный адрес электронной почты или пароль', home: 'Главная', empty: 'Пожалуйста, заполните все поля' },
} as const;

for (const language of ['en', 'de', 'ru'] as const) {
  const text = TEXT[language];

  test(`${language}: empty fields and a wrong password get the right message; the right one signs in`, async ({ page }) => {
    await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
    await page.goto('/login');
    await page.getByRole('button', { name: text.signIn, exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(text.empty);

    await page.getByLabel(text.email).fill(DEMO.credit);
    await page.getByLabel(text.password).fill('not-my-password');
    await page.getByRole('button', { name: text.signIn, exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(text.wrong);

    await page.getByLabel(text.password).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: text.signIn, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: text.home })).toBeVisible();
    // A signed-in user who opens /login again is taken to the dashboard.
    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/);
  });
}
