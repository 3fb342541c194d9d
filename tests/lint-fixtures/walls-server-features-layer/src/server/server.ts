export const startServer = () => undefined;
