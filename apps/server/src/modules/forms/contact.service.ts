/**
 * The contact form (001 §2 Contact page, §3 Contact request, §4 trap field): the request is stored and
 * the 'Contact Us Request' e-mail to the contact address queued, in one transaction. The e-mail is plain
 * text: what a visitor typed never becomes HTML in a staff inbox.
 */
import { AppError } from '@portal/shared/errors';
import type { BrandVariant } from '@portal/shared/enums';
import {
  CONTACT_MAIL_SUBJECT,
  CONTACT_TOPICS,
  REQUIRED_MESSAGE,
  type ContactRequest,
  type FormAccepted,
} from '@portal/shared/schemas/forms';
import type { Db } from '../../db/client.js';
import { enqueueMail, oneLine } from '../mail/mail.service.js';
import { insertContactRequest, setContactMail } from './forms.repository.js';
import { ACCEPTED, admitPublicForm } from './public-form.js';

/**
 * Sends a contact request.
 * @param options.to the contact address (CONTACT_EMAIL)
 * @throws AppError invalid_input naming body.topic when the brand offers topics and none of them was
 *   chosen (or one was sent where none is offered); RateLimitedError (429) past the per-address limit
 */
export async function sendContactRequest(
  db: Db,
  options: { brand: BrandVariant; to: string; ip: string; request: ContactRequest },
): Promise<FormAccepted> {
  const { brand, request } = options;
  const topics = CONTACT_TOPICS[brand];
  const topic = request.topic?.trim() || undefined;
  if (topics.length > 0 ? !topic || !topics.includes(topic) : topic !== undefined) {
    const message = topics.length > 0 ? REQUIRED_MESSAGE : 'No topic is offered; leave it out.';
    throw new AppError('invalid_input', `Invalid body.topic: ${message}`, {
      issues: [{ field: 'body.topic', message }],
    });
  }
  if (!(await admitPublicForm(db, options.ip, request))) return ACCEPTED;
  await db.transaction(async (tx) => {
    const id = await insertContactRequest(tx, {
      brand,
      name: request.name,
      email: request.email,
      organization: request.organization,
      topic: topic ?? null,
      subject: request.subject,
      message: request.message,
    });
    const text = [
      CONTACT_MAIL_SUBJECT[brand],
      '',
      `Name: ${oneLine(request.name)}`,
      `Email: ${oneLine(request.email)}`,
      `Organization: ${oneLine(request.organization)}`,
      ...(topic ? [`Topic: ${topic}`] : []),
      `Subject: ${oneLine(request.subject)}`,
      '',
      request.message,
    ].join('\n');
    const mailId = await enqueueMail(tx, { to: options.to, subject: CONTACT_MAIL_SUBJECT[brand], text });
    await setContactMail(tx, id, mailId);
  });
  return ACCEPTED;
}
