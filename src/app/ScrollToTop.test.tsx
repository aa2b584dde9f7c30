// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { expect, it, vi } from 'vitest';
import { ScrollToTop } from './ScrollToTop';

it('scrolls to the top when the path changes', async () => {
  const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  render(
    <MemoryRouter initialEntries={['/plans']}>
      <ScrollToTop />
      <Routes>
        <Route path="/plans" element={<Link to="/family">Family</Link>} />
        <Route path="/family" element={<p>Family page</p>} />
      </Routes>
    </MemoryRouter>,
  );
  scrollTo.mockClear();
  await userEvent.click(screen.getByRole('link', { name: 'Family' }));
  expect(screen.getByText('Family page')).toBeInTheDocument();
  expect(scrollTo).toHaveBeenCalledWith(0, 0);
});
