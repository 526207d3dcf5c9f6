import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../lib/query-client';

function WhereAmI() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}${location.hash}`}</p>;
}

/** Renders `element` at `path` inside the app's providers and a memory router; other paths show where they are. */
export function renderPage(element: ReactElement, { path, url = path }: { path: string; url?: string }) {
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <WhereAmI /> },
    ],
    { initialEntries: [url] },
  );
  const view = render(
    <AppProviders>
      {/* No motion: happy-dom never ends a CSS transition, so leaving elements would linger. */}
      <ConfigProvider theme={{ token: { motion: false } }}>
        <QueryClientProvider client={createQueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ConfigProvider>
    </AppProviders>,
  );
  return { ...view, router };
}
