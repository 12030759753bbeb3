/** The e-mail that proves a portal account to link an LMS user to it (issue 33), through the outbox. */
import { lifetimeText, mail } from '../identity/index.js';
import type { OutgoingMail } from '../mail/mail.service.js';

/**
 * Asks the account's owner to link their LMS user; warns that a link they did not ask for must be left
 * alone, since pressing it lets that LMS user sign in as them.
 */
export function ltiLinkMail(args: {
  to: string;
  siteName: string;
  platformName: string;
  url: string;
  ttlS: number;
}): OutgoingMail {
  const paragraphs = [
    `Someone opened ${args.siteName} from ${args.platformName} as this e-mail address, which has an account at ${args.siteName}.`,
    `If that was you, open the link below and press "Link my account" within ${lifetimeText(args.ttlS)}; then open the tool again from your course. From then on, ${args.platformName} signs you in directly.`,
    `If it was not you, do not open the link: it would let that ${args.platformName} user sign in as you. Nothing changes unless the link is used.`,
  ];
  return mail(args.to, `Link your ${args.platformName} account to ${args.siteName}?`, paragraphs, {
    label: `Link ${args.platformName} to my account`,
    url: args.url,
  });
}
