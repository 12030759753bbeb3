/** An e-mail address as accounts, invitations and per-recipient limits key it: trimmed, lower-case. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();
