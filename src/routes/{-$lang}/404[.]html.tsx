import { createFileRoute, redirect } from '@tanstack/react-router';
import { NotFoundPage } from '../../features/errors/not-found-page.tsx';
import { servedAsServerNotFound } from '../../shell/document.ts';

/**
 * `/404.html` is the server's page: send the browser there with a full load. If the app itself
 * was served for /404.html (no such server page), show the app's own 404 instead of looping.
 */
export const Route = createFileRoute('/{-$lang}/404.html')({
  beforeLoad: () => {
    if (!servedAsServerNotFound()) throw redirect({ href: '/404.html', reloadDocument: true });
  },
  component: NotFoundPage,
});
