export const savedItems = () => [];
