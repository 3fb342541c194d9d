export const logSession = () => undefined;
