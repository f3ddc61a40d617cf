// A stand-in for the production payment gateway on 127.0.0.1: it creates orders and refunds payments as
// the real one's api does (POST /orders, POST /payments/{id}/refund), and records every call it gets, so a
// test counts what the api asked of it. `refuseRefunds` makes it refuse refunds (HTTP 400).
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
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
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
        if (gateway.refuseRefunds) return answer(400, { error: { code: 'BAD_REQUEST_ERROR', description: 'refund refused' } });
        return answer(200, { id: `rfnd_fake_${++n}` });
      }
      return answer(404, { error: { code: 'NOT_FOUND' } });
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  gateway.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return gateway;
}
