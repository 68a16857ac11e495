/** Where the session lives in localStorage (store.ts); the page's first script reads only this. */
export const TOKEN_KEY = 'portal.token';
export const USER_KEY = 'portal.user';

/** A session is stored (store.ts still checks the user it holds before trusting it). */
export const hasStoredSession = () => localStorage.getItem(TOKEN_KEY) !== null;
