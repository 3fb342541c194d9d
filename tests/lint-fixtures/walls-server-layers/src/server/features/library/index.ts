export const libraryRoutes = () => undefined;
