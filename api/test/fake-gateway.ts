// A stand-in for the production payment gateway on 127.0.0.1: it creates orders and refunds payments as
// the real one's api does (POST /orders, POST /payments/{id}/refund), and records every call it gets, so a
// test counts what the api asked of it. `refuseRefunds` makes it refuse refunds (HTTP 400); `refundAnswers`
// scripts the next refund answers (a 5xx, or 0: no answer at all). Like the real one, a refund asked again
// with the same idempotency key is the same refund.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GatewayCall {
  path: string;
  body: Record<string, unknown>;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

export interface FakeGateway {
  /** The api base to give the api (HAVEN_PAYMENT_API_BASE). */
  url: string;
  calls: GatewayCall[];
  /** The refund requests received for a payment (every payment when none is named). */
  refunds(paymentId?: string): GatewayCall[];
  refuseRefunds: boolean;
  /** The HTTP statuses of the next refund asks, in order (0: the connection is dropped unanswered); then 200. */
  refundAnswers: number[];
  /** How long a refund ask waits before its answer (a slow gateway, so concurrent asks overlap). */
  refundDelayMs: number;
  close(): Promise<void>;
}

export async function startFakeGateway(): Promise<FakeGateway> {
  let n = 0;
  const gateway: FakeGateway = {
    url: '',
    calls: [],
    refunds: (paymentId) =>
      gateway.calls.filter((c) =>
        paymentId ? c.path === `/payments/${encodeURIComponent(paymentId)}/refund` : /^\/payments\/[^/]+\/refund$/.test(c.path),
      ),
    refuseRefunds: false,
    refundAnswers: [],
    refundDelayMs: 0,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
  const refundIds = new Map<string, string>();
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => {
      const path = req.url ?? '';
      gateway.calls.push({
        path,
        body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
        idempotencyKey: req.headers['idempotency-key'] as string | undefined,
        authorization: req.headers.authorization,
      });
      const answer = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.method === 'POST' && path === '/orders') return answer(200, { id: `order_fake_${++n}` });
      if (req.method === 'POST' && /^\/payments\/[^/]+\/refund$/.test(path)) {
        const scripted = gateway.refundAnswers.shift();
        const key = req.headers['idempotency-key'] as string | undefined;
        setTimeout(() => {
          if (scripted === 0) return req.socket.destroy();
          if (scripted && scripted !== 200) return answer(scripted, { error: { code: 'SERVER_ERROR', description: 'scripted' } });
          if (gateway.refuseRefunds) return answer(400, { error: { code: 'BAD_REQUEST_ERROR', description: 'refund refused' } });
          const id = (key && refundIds.get(key)) || `rfnd_fake_${++n}`;
          if (key) refundIds.set(key, id);
          return answer(200, { id });
        }, gateway.refundDelayMs);
        return;
      }
      return answer(404, { error: { code: 'NOT_FOUND' } });
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  gateway.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return gateway;
}
