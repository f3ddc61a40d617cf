// The room's chat keys as both people's pages see them, over a stand-in for the realtime database that
// anyone may write to (what a relay, or a socket that reached rooms/{uuid}/keys, could do): a key the api
// did not vouch for, for this room and this side, is refused, never used, and both people are told.
import { webcrypto } from 'node:crypto';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { havenStore } from '@haven/shared';
import type { ChatPublicKey } from '@haven/shared/dashboard-rules';
import type { RoomChannel, Role } from '../call/room-channel';
import { chatChannel, createKeyPair, deriveChatKey, exportChatKey, exportPublicKey, seal, toBase64 } from './chat-crypto';
import { chatKeyThumbprint, type ChatKeyCertificate } from './chat-key-proof';
import { ChatPanel, EARLIER_MESSAGES_TEXT } from './ChatPanel';

// jsdom has no SubtleCrypto: Node's Web Crypto stands in for the browser's.
Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });

const ROOM = '3b0f6f1e-5d2c-4a8b-9e7f-1c2d3e4f5a6b';

/** A realtime database with no rules at all: every write lands, every watcher hears it (asynchronously, as the SDK). */
class OpenDatabase {
  root: Record<string, unknown> = {};
  private watchers = new Set<{ path: string; callback: (value: unknown) => void }>();
  private pushed = 0;

  read(path: string): unknown {
    let node: unknown = this.root;
    for (const part of path.split('/')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
    return node === undefined ? null : JSON.parse(JSON.stringify(node));
  }
  write(path: string, value: unknown) {
    const parts = path.split('/');
    let node = this.root;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[parts.at(-1)!] = JSON.parse(JSON.stringify(value));
    for (const w of this.watchers) if (path.startsWith(w.path) || w.path.startsWith(path)) this.tell(w);
  }
  private tell(w: { path: string; callback: (value: unknown) => void }) {
    setTimeout(() => {
      if (this.watchers.has(w)) w.callback(this.read(w.path));
    }, 0);
  }
  channel(role: Role): RoomChannel {
    return {
      role,
      other: role === 'patient' ? 'provider' : 'patient',
      set: async (path, value) => act(() => this.write(path, value)),
      update: async () => undefined,
      push: async (path, value) => act(() => this.write(`${path}/m${String(++this.pushed).padStart(4, '0')}`, value)),
      watch: <T,>(path: string, callback: (value: T | null) => void) => {
        const w = { path, callback: callback as (value: unknown) => void };
        this.watchers.add(w);
        this.tell(w);
        return () => this.watchers.delete(w);
      },
      eachChild: () => () => undefined,
      onDisconnectUpdate: async () => undefined,
      watchConnected: () => () => undefined,
      serverTime: () => ({ '.sv': 'timestamp' }),
      close: async () => undefined,
    };
  }
}

// ---- the api's part: its signing key, and proofs in its format (compact JWS, ES256) ----
const b64url = (bytes: ArrayBuffer | Uint8Array) => toBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const text = (s: string) => new TextEncoder().encode(s);
let api: CryptoKeyPair;
let verificationKey: JsonWebKey;
beforeAll(async () => {
  api = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  verificationKey = await crypto.subtle.exportKey('jwk', api.publicKey);
});
async function proofOf(claims: Record<string, unknown>, signer: CryptoKey = api.privateKey) {
  const head = b64url(text(JSON.stringify({ alg: 'ES256', typ: 'JWT' })));
  const body = b64url(text(JSON.stringify({ iss: 'haven-api/room-chat-key', aud: 'haven-session-room/chat-key', iat: 1, ...claims })));
  return `${head}.${body}.${b64url(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, signer, text(`${head}.${body}`)))}`;
}
/** What the api answers this person (entered as on joining): a proof for their key, in this room, on their side. */
const certifyAs =
  (role: Role) =>
  async (key: ChatPublicKey): Promise<ChatKeyCertificate> => ({
    proof: await proofOf({ room: ROOM, role, jkt: await chatKeyThumbprint(key) }),
    verification_key: verificationKey,
  });

/** The provider's public key as the database holds it (a bare key, as the room wrote before proofs, or with its proof). */
function providerPublicKey(db: OpenDatabase): JsonWebKey {
  const held = db.read('keys/provider') as { key?: JsonWebKey } & JsonWebKey;
  return held.key ?? held;
}

async function attackerKey() {
  const pair = await createKeyPair();
  return { pair, key: (await exportPublicKey(pair.publicKey)) as ChatPublicKey };
}

function openRoom(db: OpenDatabase, role: Role) {
  const name = role === 'patient' ? 'Dr. Ananya Rao' : 'Priya';
  const view = render(<ChatPanel channel={db.channel(role)} sessionId={ROOM} otherName={name} certifyKey={certifyAs(role)} />);
  return { ...view, within: within(view.container) };
}

async function bothChatting(db: OpenDatabase) {
  const patient = openRoom(db, 'patient');
  const provider = openRoom(db, 'provider');
  await waitFor(() => expect(patient.within.getByLabelText('Message')).toBeEnabled());
  await waitFor(() => expect(provider.within.getByLabelText('Message')).toBeEnabled());
  await userEvent.type(patient.within.getByLabelText('Message'), 'Hello from Priya');
  await userEvent.click(patient.within.getByRole('button', { name: 'Send' }));
  await waitFor(() => expect(provider.within.getByRole('log')).toHaveTextContent('Hello from Priya'));
  return { patient, provider };
}

/** Lets every write already made reach its watchers (the stand-in tells them on the next task). */
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

let reported: jest.SpyInstance;
beforeEach(() => {
  reported = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  reported.mockRestore();
});

test('both people publish their key with its proof and chat; what the database holds is the key, the proof and ciphertext', async () => {
  const db = new OpenDatabase();
  await bothChatting(db);
  const keys = db.read(`keys`) as Record<Role, { key: ChatPublicKey; proof: string }>;
  expect(Object.keys(keys.patient).sort()).toEqual(['key', 'proof']);
  expect(Object.keys(keys.patient.key).sort()).toEqual(['crv', 'kty', 'x', 'y']);
  expect(keys.provider.proof.split('.')).toHaveLength(3);
  expect(JSON.stringify(db.read('chat'))).not.toContain('Hello');
  expect(screen.queryByRole('alert')).toBeNull();
});

const swaps: Array<[string, (key: ChatPublicKey, db: OpenDatabase) => Promise<unknown>]> = [
  ['a bare key, no proof (what a socket wrote before)', async (key) => key],
  [
    'a proof signed by someone other than the api',
    async (key) => {
      const forger = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign'])) as CryptoKeyPair;
      return { key, proof: await proofOf({ room: ROOM, role: 'patient', jkt: await chatKeyThumbprint(key) }, forger.privateKey) };
    },
  ],
  [
    "the api's proof of the attacker's own key in another room",
    async (key) => ({ key, proof: await proofOf({ room: 'another-room', role: 'patient', jkt: await chatKeyThumbprint(key) }) }),
  ],
  [
    "the api's proof of a key for the other side",
    async (key) => ({ key, proof: await proofOf({ room: ROOM, role: 'provider', jkt: await chatKeyThumbprint(key) }) }),
  ],
  [
    "the patient's own proof beside the attacker's key",
    async (key, db) => ({ key, proof: (db.read('keys/patient') as { proof: string }).proof }),
  ],
];

test.each(swaps)(
  "a key swapped in at keys/patient with %s is refused by the provider's page, never used, and both people are told",
  async (_case, forge) => {
    const db = new OpenDatabase();
    const { patient, provider } = await bothChatting(db);
    const channelKey = havenStore.getState().chat.decryptionKeys[chatChannel(ROOM)];
    const attacker = await attackerKey();
    const providerPublic = providerPublicKey(db);
    const attackersChatKey = await exportChatKey(await deriveChatKey(attacker.pair.privateKey, providerPublic, ROOM));

    // The swap, written straight into the database as a relay could.
    const forged = await forge(attacker.key, db);
    await act(async () => db.write('keys/patient', forged));

    // The provider refuses it and says so; the patient learns their key was replaced.
    const providerAlert = await provider.within.findByRole('alert');
    expect(providerAlert).toHaveTextContent(
      'The chat is paused. The security key sent for Priya could not be confirmed as theirs, so this device does not use it',
    );
    expect(providerAlert).toHaveTextContent('Leave the session and join again.');
    const patientAlert = await patient.within.findByRole('alert');
    expect(patientAlert).toHaveTextContent(
      "The chat is paused. Your security key for this chat was replaced by one that is not yours, so Dr. Ananya Rao's device will not use it",
    );
    // Never used: nothing can be sent with it, and the chat state never held the key it would give.
    await waitFor(() => expect(provider.within.getByLabelText('Message')).toBeDisabled());
    await waitFor(() => expect(patient.within.getByLabelText('Message')).toBeDisabled());
    expect(havenStore.getState().chat.decryptionKeys[chatChannel(ROOM)]).toBe(channelKey);
    expect(havenStore.getState().chat.decryptionKeys[chatChannel(ROOM)]).not.toBe(attackersChatKey);
    // A message the attacker seals for the provider with it is not opened.
    const sealed = await seal(
      await deriveChatKey(attacker.pair.privateKey, providerPublic, ROOM),
      'Send me your address',
      `${ROOM}|patient`,
    );
    await act(async () => db.write('chat/zz-attacker', { from: 'patient', ...sealed, at: Date.now() }));
    await settle();
    expect(provider.within.getByRole('log')).not.toHaveTextContent('Send me your address');
    // Reported, for whoever looks after the platform.
    expect(reported).toHaveBeenCalledWith(
      '[haven]',
      expect.objectContaining({ message: expect.stringContaining('refused a chat key') }),
      expect.anything(),
    );
  },
);

test('after a swap, the patient joining again publishes their key again: the chat resumes for both, the notices go', async () => {
  const db = new OpenDatabase();
  const { patient, provider } = await bothChatting(db);
  const attacker = await attackerKey();
  await act(async () => db.write('keys/patient', attacker.key));
  await provider.within.findByRole('alert');
  patient.unmount();
  const again = openRoom(db, 'patient');
  await waitFor(() => expect(provider.within.queryByRole('alert')).toBeNull());
  await waitFor(() => expect(again.within.getByLabelText('Message')).toBeEnabled());
  expect(again.within.queryByRole('alert')).toBeNull();
  await waitFor(() => expect(provider.within.getByLabelText('Message')).toBeEnabled());
  await userEvent.type(provider.within.getByLabelText('Message'), 'Welcome back');
  await userEvent.click(provider.within.getByRole('button', { name: 'Send' }));
  await waitFor(() => expect(again.within.getByRole('log')).toHaveTextContent('Welcome back'));
});

test("the patient's other device (its key vouched for by the api) is no swap: no notice on either side", async () => {
  const db = new OpenDatabase();
  const { patient, provider } = await bothChatting(db);
  const device = await attackerKey();
  const providerPublic = providerPublicKey(db);
  const withDevice = await exportChatKey(await deriveChatKey(device.pair.privateKey, providerPublic, ROOM));
  await act(async () => db.write('keys/patient', { key: device.key, proof: (await certifyAs('patient')(device.key)).proof }));
  // The provider's page takes the other device's key (as before: the first device's later messages go to it).
  await waitFor(() => expect(havenStore.getState().chat.decryptionKeys[chatChannel(ROOM)]).toBe(withDevice));
  await settle();
  expect(provider.within.queryByRole('alert')).toBeNull();
  expect(patient.within.queryByRole('alert')).toBeNull();
  await waitFor(() => expect(provider.within.getByLabelText('Message')).toBeEnabled());
});

test('when the api cannot vouch for this device key, the chat says so and publishes nothing', async () => {
  const db = new OpenDatabase();
  render(
    <ChatPanel
      channel={db.channel('patient')}
      sessionId={ROOM}
      otherName="Dr. Ananya Rao"
      certifyKey={() => Promise.reject(new Error('Network Error'))}
    />,
  );
  expect(await screen.findByRole('alert')).toHaveTextContent('The chat could not be opened: we could not reach Haven to secure it.');
  expect(db.read('keys/patient')).toBeNull();
  expect(screen.getByLabelText('Message')).toBeDisabled();
});

test('on a new device the earlier messages are explained once, in words (end-to-end encrypted, keys on the other device), and new ones read as usual', async () => {
  const db = new OpenDatabase();
  const { patient, provider } = await bothChatting(db);
  await userEvent.type(provider.within.getByLabelText('Message'), 'Hello Priya');
  await userEvent.click(provider.within.getByRole('button', { name: 'Send' }));
  await waitFor(() => expect(patient.within.getByRole('log')).toHaveTextContent('Hello Priya'));
  // Another device of the patient's: a key pair of its own (this test's pages keep none across a mount).
  patient.unmount();
  const other = openRoom(db, 'patient');
  await waitFor(() => expect(other.within.getByLabelText('Message')).toBeEnabled());
  const log = other.within.getByRole('log');
  await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(1));
  expect(log).toHaveTextContent(EARLIER_MESSAGES_TEXT);
  expect(EARLIER_MESSAGES_TEXT).toMatch(/end-to-end encrypted/);
  expect(log).not.toHaveTextContent('Hello from Priya');
  expect(log).not.toHaveTextContent('cannot be read');
  await waitFor(() => expect(provider.within.getByLabelText('Message')).toBeEnabled());
  await userEvent.type(provider.within.getByLabelText('Message'), 'Good to see you here');
  await userEvent.click(provider.within.getByRole('button', { name: 'Send' }));
  await waitFor(() => expect(log).toHaveTextContent('Dr. Ananya Rao: Good to see you here'));
  expect(within(log).getAllByText(EARLIER_MESSAGES_TEXT)).toHaveLength(1);
});
