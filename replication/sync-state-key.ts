/** The reference document holding the token of the last complete pull (its own file: the logout's wipe needs it without the pull). */
export const SYNC_STATE_KEY = 'syncState';
