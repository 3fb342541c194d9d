export const requireAdmin = () => true;
