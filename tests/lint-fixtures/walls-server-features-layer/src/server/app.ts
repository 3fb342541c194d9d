export const buildApp = () => undefined;
