/** The prefix of the versioned API (000 §7): every module registers its API routes under it. */
export const API_V1 = '/api/v1';
