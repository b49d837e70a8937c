import { createFileRoute } from '@tanstack/react-router';
import { NotFoundPage } from '../../features/errors/not-found-page.tsx';

/** Any path no other route matches. */
export const Route = createFileRoute('/{-$lang}/$')({
  component: NotFoundPage,
});
