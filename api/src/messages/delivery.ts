// Messages that leave: one interface per channel (e-mail, SMS, WhatsApp), each adapter on a real
// protocol. E-mail is SMTP through nodemailer; SMS and WhatsApp use the Messages REST api as Twilio
// documents it (POST {base}/2010-04-01/Accounts/{AccountSid}/Messages.json, basic auth, form fields
// To, From, Body; WhatsApp addresses carry the `whatsapp:` prefix). Configured by the environment;
// a channel without configuration sends nothing and its messages stay in the outbox.
import nodemailer from 'nodemailer';
import { ConfigError } from '../core/config.js';
import { DEFAULT_TIMING, type OutboxTiming, type SmtpTimeouts } from './retry.js';
import type { MessageText } from './templates.js';

export type Channel = 'email' | 'sms' | 'whatsapp';

export interface OutgoingMessage extends MessageText {
  channel: Channel;
  /** A lower-cased e-mail address, or an E.164 number. */
  to: string;
  /** The outbox row's message id, the same on every attempt (an e-mail's Message-ID). */
  id: string;
}

/** Sends on one channel; answers the provider's id of the message, throws when it was not accepted. */
export interface Transport {
  readonly channel: Channel;
  send(m: OutgoingMessage): Promise<string>;
  close?(): void;
}

/** The domain of the sender's address (`Name <a@b>` or `a@b`), for the Message-ID. */
export function senderDomain(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return address.slice(address.lastIndexOf('@') + 1).trim() || 'localhost';
}

/** An e-mail's Message-ID for an outbox row: every attempt carries the same one, so a resend is the same message. */
export const messageIdHeader = (id: string, from: string) => `<${id}@${senderDomain(from)}>`;

export function smtpTransport(o: { url: string; from: string; timeouts?: SmtpTimeouts }): Transport {
  // Without bounds nodemailer waits up to 2 minutes to connect and 10 minutes for a silent server: an
  // attempt could outlast its lease and another process would send the message again.
  const mailer = nodemailer.createTransport({ url: o.url, ...(o.timeouts ?? DEFAULT_TIMING.smtp) });
  return {
    channel: 'email',
    async send(m) {
      const info = await mailer.sendMail({
        from: o.from,
        to: m.to,
        subject: m.subject,
        text: m.body,
        messageId: messageIdHeader(m.id, o.from),
      });
      return info.messageId;
    },
    close: () => mailer.close(),
  };
}

export interface MessagesApiConfig {
  /** The api's base (HAVEN_SMS_API_URL); a local double in development and tests. */
  baseUrl: string;
  accountSid: string;
  authToken: string;
  /** The sender: a number or messaging service for SMS, the WhatsApp sender's number for WhatsApp. */
  from: string;
}

/** SMS or WhatsApp through the provider's Messages api. */
export function messagesApiTransport(
  channel: 'sms' | 'whatsapp',
  c: MessagesApiConfig,
  fetchImpl: typeof fetch = fetch,
  timeoutMs = DEFAULT_TIMING.textsTimeoutMs,
): Transport {
  const address = (n: string) => (channel === 'whatsapp' ? `whatsapp:${n}` : n);
  const url = `${c.baseUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(c.accountSid)}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${c.accountSid}:${c.authToken}`).toString('base64')}`;
  return {
    channel,
    async send(m) {
      const r = await fetchImpl(url, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ To: address(m.to), From: address(c.from), Body: m.body }).toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const answer = (await r.json().catch(() => ({}))) as { sid?: string; message?: string; code?: number };
      if (!r.ok || !answer.sid) throw new Error(`${channel} not accepted: ${r.status} ${answer.code ?? ''} ${answer.message ?? ''}`.trim());
      return answer.sid;
    },
  };
}

/** The transports the environment configures (see api/README.md, "Messages that leave"). */
export function transportsFromEnv(
  env: NodeJS.ProcessEnv,
  timing: Pick<OutboxTiming, 'smtp' | 'textsTimeoutMs'> = DEFAULT_TIMING,
): Transport[] {
  const out: Transport[] = [];
  if (env.HAVEN_SMTP_URL) {
    if (!env.HAVEN_MAIL_FROM) throw new ConfigError('HAVEN_MAIL_FROM is required with HAVEN_SMTP_URL (the sender of every e-mail)');
    out.push(smtpTransport({ url: env.HAVEN_SMTP_URL, from: env.HAVEN_MAIL_FROM, timeouts: timing.smtp }));
  }
  const sid = env.HAVEN_SMS_ACCOUNT_SID;
  const token = env.HAVEN_SMS_AUTH_TOKEN;
  const base = env.HAVEN_SMS_API_URL || 'https://api.twilio.com';
  if (sid && token && env.HAVEN_SMS_FROM)
    out.push(
      messagesApiTransport(
        'sms',
        { baseUrl: base, accountSid: sid, authToken: token, from: env.HAVEN_SMS_FROM },
        fetch,
        timing.textsTimeoutMs,
      ),
    );
  if (sid && token && env.HAVEN_WHATSAPP_FROM)
    out.push(
      messagesApiTransport(
        'whatsapp',
        { baseUrl: base, accountSid: sid, authToken: token, from: env.HAVEN_WHATSAPP_FROM },
        fetch,
        timing.textsTimeoutMs,
      ),
    );
  return out;
}
