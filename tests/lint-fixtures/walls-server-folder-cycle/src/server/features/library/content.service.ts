export const listContent = () => [];
