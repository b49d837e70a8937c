/**
 * The view models by machine name, for the coverage and paths scripts and the stories: made by
 * glob from test/view/models/*.view.ts (`npm run registries`; a test fails while stale). Each is
 * replayed on its view by test/view/<machine>.test.tsx.
 */
export { viewModels } from './index.gen.ts';
