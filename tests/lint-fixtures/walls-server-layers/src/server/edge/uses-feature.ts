// Must fail: the edge executes what routes declare; it never reaches into a feature.
import { libraryRoutes } from '../features/library/index.ts';

export const routes = libraryRoutes;
