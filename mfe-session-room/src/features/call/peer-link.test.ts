import type { IceServer } from '@haven/shared';
import { PeerLink } from './peer-link';
import type { RoomChannel } from './room-channel';

// The relays' credentials last minutes: fresh ones reach the running connection (an ICE restart on the
// same connection, not a new call) and every later connection.
class FakeConnection {
  static made: FakeConnection[] = [];
  config: RTCConfiguration;
  offers: Array<RTCOfferOptions | undefined> = [];
  remoteDescription: RTCSessionDescriptionInit | null = null;
  signalingState: RTCSignalingState = 'stable';
  connectionState: RTCPeerConnectionState = 'new';
  onconnectionstatechange: (() => void) | null = null;
  ontrack = null;
  onicecandidate = null;
  constructor(config: RTCConfiguration) {
    this.config = config;
    FakeConnection.made.push(this);
  }
  addTransceiver() {}
  getTransceivers() {
    return [];
  }
  getConfiguration() {
    return this.config;
  }
  setConfiguration(config: RTCConfiguration) {
    this.config = config;
  }
  async createOffer(options?: RTCOfferOptions) {
    this.offers.push(options);
    return { type: 'offer' as const, sdp: `offer-${this.offers.length}` };
  }
  async setLocalDescription() {
    this.signalingState = 'have-local-offer';
  }
  async setRemoteDescription(d: RTCSessionDescriptionInit) {
    this.remoteDescription = d;
    this.signalingState = 'stable';
  }
  async addIceCandidate() {}
  close() {}
}

const relay = (credential: string): IceServer => ({ urls: ['turn:relay.example:3478'], username: `1:${credential}`, credential });

test('fresh relay credentials reach the running connection through an ICE restart, and every later one', async () => {
  Object.assign(globalThis, { RTCPeerConnection: FakeConnection, MediaStream: class {} });
  const watchers = new Map<string, (value: unknown) => void>();
  const written: Array<[string, unknown]> = [];
  const channel: RoomChannel = {
    role: 'patient',
    other: 'provider',
    set: async (path, value) => void written.push([path, value]),
    update: async () => undefined,
    push: async () => undefined,
    watch: (path, callback) => {
      watchers.set(path, callback as (value: unknown) => void);
      return () => undefined;
    },
    eachChild: () => () => undefined,
    onDisconnectUpdate: async () => undefined,
    watchConnected: () => () => undefined,
    serverTime: () => ({}),
    close: async () => undefined,
  };
  const link = new PeerLink(
    channel,
    () => ({ audio: null, video: null }),
    { iceServers: [relay('first')], iceTransportPolicy: 'relay' },
    () => {},
  );
  await link.start({ audio: true, video: true });
  // The provider's page arrives: the patient offers on a new connection with the first credentials.
  watchers.get('peers/provider')!({ page: 'provider-page', state: 'joined', audio: true, video: true });
  await new Promise((r) => setTimeout(r, 0));
  const pc = FakeConnection.made[0]!;
  expect(pc.config.iceServers).toEqual([relay('first')]);
  const offer = written.find(([path]) => path === 'signal/provider')![1] as { id: string; from: string; pc: string };
  watchers.get('signal/patient')!({ kind: 'answer', id: offer.id, from: 'provider-page', to: offer.from, pc: 'their-pc', sdp: 'answer' });
  await new Promise((r) => setTimeout(r, 0));
  expect(pc.remoteDescription).not.toBeNull();

  link.updateIceServers([relay('second')]);
  await new Promise((r) => setTimeout(r, 0));
  expect(FakeConnection.made).toHaveLength(1);
  expect(pc.config.iceServers).toEqual([relay('second')]);
  expect(pc.offers.at(-1)).toEqual({ iceRestart: true });
  link.stop();
});
