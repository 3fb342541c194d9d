export const play = () => undefined;
