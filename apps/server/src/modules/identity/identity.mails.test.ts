/** The link lifetimes the identity e-mails state, taken from the token limits. */
import { describe, expect, it } from 'vitest';
import { INVITE_TOKEN_TTL_S, RESET_TOKEN_TTL_S, VERIFY_TOKEN_TTL_S } from '@portal/shared/limits';
import { importInvitationMail, lifetimeText, passwordResetMail, verificationMail } from './identity.mails.js';

describe('link lifetimes in words', () => {
  it('says whole days, whole hours or minutes', () => {
    expect(lifetimeText(3600)).toBe('one hour');
    expect(lifetimeText(24 * 3600)).toBe('24 hours');
    expect(lifetimeText(14 * 24 * 3600)).toBe('14 days');
    expect(lifetimeText(15 * 60)).toBe('15 minutes');
    expect(lifetimeText(60)).toBe('one minute');
  });

  it('puts the lifetime of each kind of link into its e-mail', () => {
    const url = 'https://portal.example.edu/auth/x';
    expect(verificationMail('a@b.edu', 'Portal', url).text).toContain(
      `The link works once, for ${lifetimeText(VERIFY_TOKEN_TTL_S)}.`,
    );
    expect(passwordResetMail('a@b.edu', 'Portal', url).text).toContain(
      `for ${lifetimeText(RESET_TOKEN_TTL_S)}.`,
    );
    expect(
      importInvitationMail({ to: 'a@b.edu', siteName: 'Portal', name: 'Ada', roleLabel: 'faculty', url })
        .text,
    ).toContain(`for ${lifetimeText(INVITE_TOKEN_TTL_S)}.`);
    expect(verificationMail('a@b.edu', 'Portal', url).text).toContain('for 24 hours.');
  });
});
