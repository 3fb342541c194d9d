export const useCurrentUser = () => ({ isAuthenticated: false });
