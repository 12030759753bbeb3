import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderComponent } from '../testing/render-component';

/** Where the app's router is: a click the router took changes it, a document link leaves it alone. */
function Where() {
  const location = useLocation();
  return <output aria-label="Router address">{location.pathname + location.search}</output>;
}

/** The theme's links on a page of a memory router, which draws any address it is sent to. */
function renderLinks() {
  const page = (
    <>
      <Where />
      <Button href="/api/v1/events/capture-the-flag/calendar.ics" download>
        Add to calendar
      </Button>
      <Link href="/api/v1/coverage/export">Download as CSV</Link>
      <Link href="/news/feed.xml">News feed</Link>
      <Link href="/conference-2018/sharing-courseware.txt" download>
        Slides
      </Link>
      <Link href="/coverage">Coverage</Link>
    </>
  );
  const router = createMemoryRouter([{ path: '*', element: page }], { initialEntries: ['/events/ctf'] });
  return renderComponent(<RouterProvider router={router} />);
}

describe('LinkBehavior, the theme link (issue 34 "One rule for links")', () => {
  it('leaves downloads, the API, feeds and files to the browser as plain links', async () => {
    const { user } = renderLinks();
    for (const name of ['Add to calendar', 'Download as CSV', 'News feed', 'Slides']) {
      // The browser would follow the link (jsdom cannot: stopped once the router has had the click).
      window.addEventListener('click', (event) => event.preventDefault(), { once: true });
      await user.click(screen.getByRole('link', { name }));
      expect(screen.getByRole('status', { name: 'Router address' }), name).toHaveTextContent('/events/ctf');
    }
    expect(screen.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('download');
  });

  it('lets the router follow an address of the app', async () => {
    const { user } = renderLinks();
    await user.click(screen.getByRole('link', { name: 'Coverage' }));
    expect(screen.getByRole('status', { name: 'Router address' })).toHaveTextContent(/^\/coverage$/);
  });
});
