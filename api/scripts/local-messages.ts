// Local stand-ins for the message providers, for development and the test suite: a real SMTP server
// (smtp-server; what arrives is parsed with mailparser) and a double of the Messages REST api that SMS
// and WhatsApp use. Both listen on 127.0.0.1 (a free port unless one is given) and keep what they got.
// Run on its own (`pnpm -C api dev:messages`) it prints every message and the variables to start the
// api with.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  /** The Message-ID header, as sent. */
  messageId: string;
}
export interface ReceivedText {
  to: string;
  from: string;
  body: string;
  sid: string;
}

/** Waits until `pick` finds something in `list` (messages arrive after the answer that caused them). */
async function waitIn<T>(list: T[], pick: (m: T) => boolean, timeoutMs: number, what: string): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const found = list.find(pick);
    if (found) return found;
    if (Date.now() > end) throw new Error(`no ${what} within ${timeoutMs} ms`);
    await new Promise((ok) => setTimeout(ok, 25));
  }
}

export interface LocalSmtp {
  port: number;
  /** The api's HAVEN_SMTP_URL for this server. */
  url: string;
  mails: ReceivedMail[];
  waitFor(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startLocalSmtp(o: { port?: number; onMail?: (m: ReceivedMail) => void } = {}): Promise<LocalSmtp> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    // Local only: no TLS, no login (the api's SMTP url names neither).
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, done) {
      simpleParser(stream)
        .then((parsed) => {
          const m: ReceivedMail = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            messageId: parsed.messageId ?? '',
          };
          mails.push(m);
          o.onMail?.(m);
          done();
        })
        .catch((e: unknown) => done(e instanceof Error ? e : new Error(String(e))));
    },
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(o.port ?? 0, '127.0.0.1', () => ok());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitFor: (to, timeoutMs = 5000) => waitIn(mails, (m) => m.to.includes(to.toLowerCase()), timeoutMs, `e-mail to ${to}`),
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

export interface LocalMessagesApi {
  port: number;
  /** The api's HAVEN_SMS_API_URL for this double. */
  baseUrl: string;
  accountSid: string;
  authToken: string;
  texts: ReceivedText[];
  waitFor(to: string, timeoutMs?: number): Promise<ReceivedText>;
  close(): Promise<void>;
}

/**
 * A double of the Messages REST api: POST /2010-04-01/Accounts/{sid}/Messages.json with basic auth
 * (sid and token) and the form fields To, From, Body; answers 201 with the message's sid, or the
 * provider's error shape (401 for wrong credentials, 400 for a missing field).
 */
export async function startLocalMessagesApi(o: { port?: number; onText?: (t: ReceivedText) => void } = {}): Promise<LocalMessagesApi> {
  const accountSid = `AC${randomBytes(16).toString('hex')}`;
  const authToken = randomBytes(16).toString('hex');
  const texts: ReceivedText[] = [];
  const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  const server: Server = createServer((req, res) => {
    const answer = (status: number, body: object) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'POST' || req.url !== `/2010-04-01/Accounts/${accountSid}/Messages.json`)
      return answer(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
    if (req.headers.authorization !== expected) return answer(401, { code: 20003, message: 'Authenticate', status: 401 });
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', () => {
      const f = new URLSearchParams(raw);
      const [to, from, body] = [f.get('To'), f.get('From'), f.get('Body')];
      if (!to || !from || !body) return answer(400, { code: 21604, message: "A 'To', 'From' and 'Body' are required", status: 400 });
      const sid = `SM${randomBytes(16).toString('hex')}`;
      const t = { to, from, body, sid };
      texts.push(t);
      o.onText?.(t);
      answer(201, { sid, status: 'queued', to, from, body, account_sid: accountSid });
    });
  });
  await new Promise<void>((ok) => server.listen(o.port ?? 0, '127.0.0.1', ok));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    texts,
    waitFor: (to, timeoutMs = 5000) => waitIn(texts, (t) => t.to === to, timeoutMs, `text to ${to}`),
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

/** The api's environment for these local servers. */
export function localMessagesEnv(smtp: LocalSmtp, api: LocalMessagesApi): Record<string, string> {
  return {
    HAVEN_SMTP_URL: smtp.url,
    HAVEN_MAIL_FROM: 'Haven <no-reply@haven.localhost>',
    HAVEN_SMS_API_URL: api.baseUrl,
    HAVEN_SMS_ACCOUNT_SID: api.accountSid,
    HAVEN_SMS_AUTH_TOKEN: api.authToken,
    HAVEN_SMS_FROM: '+15005550006',
    HAVEN_WHATSAPP_FROM: '+14155238886',
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const smtp = await startLocalSmtp({
    port: Number(process.env.HAVEN_LOCAL_SMTP_PORT) || 2525,
    onMail: (m) => console.log(`\n[e-mail] to ${m.to.join(', ')}: ${m.subject}\n${m.text}`),
  });
  const api = await startLocalMessagesApi({
    port: Number(process.env.HAVEN_LOCAL_MESSAGES_PORT) || 2526,
    onText: (t) => console.log(`\n[${t.to.startsWith('whatsapp:') ? 'whatsapp' : 'sms'}] to ${t.to}: ${t.body}`),
  });
  console.log('Local message servers ready. Start the api with:');
  for (const [k, v] of Object.entries(localMessagesEnv(smtp, api))) console.log(`  export ${k}='${v}'`);
}
