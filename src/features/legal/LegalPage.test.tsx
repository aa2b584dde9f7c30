// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterAll, describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { paths } from '../../routing/paths';
import { LegalLinks } from '../../components/LegalLinks';
import { ImprintPage, PrivacyPage } from './LegalPage';

afterAll(() => i18n.changeLanguage('en'));

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={paths.imprint} element={<ImprintPage />} />
        <Route path={paths.privacy} element={<PrivacyPage />} />
        <Route path={paths.dashboard} element={<LegalLinks />} />
      </Routes>
    </MemoryRouter>,
  );
}

// The demo texts of legal/demo: what the dev server and the tests build without settings.
describe.each([
  ['en', 'Imprint', 'Represented by', 'Privacy notice', 'Your rights', 'Back to the portal'],
  ['de', 'Impressum', 'Vertreten durch', 'Datenschutz', 'Ihre Rechte', 'Zurück zum Portal'],
  ['ru', 'Выходные данные', 'Представители', 'Конфиденциальность', 'Ваши права', 'Вернуться на портал'],
])('legal pages in %s', (language, imprint, imprintSection, privacy, privacySection, back) => {
  it("shows the association's texts under the page's title, and links back", async () => {
    await i18n.changeLanguage(language);
    renderAt(paths.imprint);
    expect(screen.getByRole('heading', { level: 1, name: imprint })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: imprintSection })).toBeInTheDocument();
    expect(document.title).toContain(imprint);
    // Linked from the page itself, as from every other.
    await userEvent.click(screen.getByRole('link', { name: privacy }));
    expect(screen.getByRole('heading', { level: 1, name: privacy })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: privacySection })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: back }));
    expect(screen.getByRole('link', { name: imprint })).toBeInTheDocument();
  });
});
