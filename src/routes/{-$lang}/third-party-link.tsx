import { createFileRoute } from '@tanstack/react-router';
import { ThirdPartyLinkPage } from '../../features/third-party/third-party-link-page.tsx';

export const Route = createFileRoute('/{-$lang}/third-party-link')({
  component: ThirdPartyLinkPage,
});
