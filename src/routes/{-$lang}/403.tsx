import { createFileRoute } from '@tanstack/react-router';
import { ForbiddenPage } from '../../features/errors/forbidden-page.tsx';

export const Route = createFileRoute('/{-$lang}/403')({
  component: ForbiddenPage,
});
