export const toast = () => undefined;
