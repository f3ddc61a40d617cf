// The WebRTC call between the two people of a session, signalled through the realtime database
// (docs/session-room.md). The patient always makes the offers (so the two never offer at once): a new
// offer when the provider's page changes (join, reload), and an ICE restart on the same connection when
// the network drops, repeated until media flows again. Each page and connection has a random id, so
// answers, offers and candidates of an older page or connection are never mixed into the current one.
import { reportError, type IceServer, type IceTransportPolicy } from '@haven/shared';
import type { RoomChannel } from './room-channel';

export interface PeerInfo {
  page: string;
  state: 'joined' | 'left';
  audio: boolean;
  video: boolean;
}

interface Description {
  kind: 'offer' | 'answer';
  /** The offer's id (an answer repeats it). */
  id: string;
  from: string;
  to: string;
  /** The sender's connection id: its candidates are under candidates/{role}/{pc}. */
  pc: string;
  sdp: string;
}

export interface LinkState {
  peer: PeerInfo | null;
  connection: RTCPeerConnectionState | 'none';
  everConnected: boolean;
  remoteStream: MediaStream | null;
}

/** The first restart waits this long after a drop (a blip may heal by itself); later ones this long apart. */
const RESTART_AFTER_MS = 1500;
const RESTART_EVERY_MS = 4000;

const randomId = () => crypto.randomUUID().replace(/-/g, '').slice(0, 16);

export class PeerLink {
  readonly page = randomId();
  private pc: RTCPeerConnection | null = null;
  private pcId = '';
  private remotePage: string | null = null;
  private remotePcId: string | null = null;
  private offerId: string | null = null;
  private answeredOffer: string | null = null;
  private pendingOffer: Description | null = null;
  private pendingCandidates: RTCIceCandidateInit[] = [];
  private stopCandidates: (() => void) | null = null;
  private restartTimer: ReturnType<typeof setTimeout> | undefined;
  private subscriptions: Array<() => void> = [];
  private closed = false;
  private state: LinkState = { peer: null, connection: 'none', everConnected: false, remoteStream: null };

  constructor(
    private readonly channel: RoomChannel,
    private readonly tracks: () => { audio: MediaStreamTrack | null; video: MediaStreamTrack | null },
    private ice: { iceServers: IceServer[]; iceTransportPolicy: IceTransportPolicy },
    private readonly onChange: (state: LinkState) => void,
  ) {}

  /** Announces this page in the room and starts listening to the other side. */
  async start(media: { audio: boolean; video: boolean }): Promise<void> {
    const { channel } = this;
    const me = `peers/${channel.role}`;
    const record: PeerInfo = { page: this.page, state: 'joined', ...media };
    this.subscriptions.push(
      // After a dropped connection the server may have marked us gone: say again that we are here.
      channel.watchConnected((connected) => {
        if (!connected || this.closed) return;
        void channel.onDisconnectUpdate(me, { online: false }).catch(this.report('presence'));
        void channel.update(me, { ...record, ...this.currentMedia(media), online: true }).catch(this.report('presence'));
      }),
      channel.watch<PeerInfo>(`peers/${channel.other}`, (peer) => this.onPeer(peer)),
      channel.watch<Description>(`signal/${channel.role}`, (d) => this.onSignal(d)),
    );
  }

  private mediaState: { audio: boolean; video: boolean } | null = null;
  private currentMedia(initial: { audio: boolean; video: boolean }) {
    return this.mediaState ?? initial;
  }

  /** Mute / camera off: the track stops sending and the other side is told. */
  async setMedia(media: { audio: boolean; video: boolean }): Promise<void> {
    this.mediaState = media;
    await this.channel.update(`peers/${this.channel.role}`, media);
  }

  /** Another camera or microphone: swapped on the running call, no renegotiation. */
  async replaceTrack(kind: 'audio' | 'video', track: MediaStreamTrack | null): Promise<void> {
    const transceiver = this.pc?.getTransceivers().find((t) => t.receiver.track.kind === kind);
    await transceiver?.sender.replaceTrack(track);
  }

  /**
   * Fresh relay credentials (the old ones expire within minutes): the next connection uses them, and
   * the running one gathers with them on an ICE restart (the patient offers it; the provider's side
   * gathers anew when it answers), so the call goes on through the relay without a new connection.
   */
  updateIceServers(iceServers: IceServer[]): void {
    this.ice = { ...this.ice, iceServers };
    const pc = this.pc;
    if (!pc || this.closed) return;
    pc.setConfiguration({ ...pc.getConfiguration(), iceServers });
    if (this.channel.role === 'patient' && pc.remoteDescription) void this.offer(true).catch(this.report('relay credentials'));
  }

  /** The inbound/outbound statistics of the current connection (for the connection-quality hint). */
  stats(): Promise<RTCStatsReport> | null {
    return this.pc?.getStats() ?? null;
  }

  /** Leave: the other side sees it at once, and this page's connection ends. */
  async leave(): Promise<void> {
    this.closed = true;
    this.stop();
    await this.channel.update(`peers/${this.channel.role}`, { state: 'left', online: false });
  }

  /** Stops listening and closes the connection (unmount). */
  stop(): void {
    this.closed = true;
    for (const unsubscribe of this.subscriptions.splice(0)) unsubscribe();
    this.closeConnection();
  }

  private emit(patch: Partial<LinkState>) {
    this.state = { ...this.state, ...patch };
    this.onChange(this.state);
  }

  private report(what: string) {
    return (error: unknown) => reportError(error, { where: `session room call: ${what}` });
  }

  private onPeer(peer: PeerInfo | null) {
    if (this.closed) return;
    const pageChanged = peer?.page !== this.state.peer?.page;
    this.emit({ peer, ...(pageChanged ? { everConnected: false } : {}) });
    if (!peer || peer.state === 'left') {
      this.remotePage = null;
      this.closeConnection();
      return;
    }
    if (this.channel.role === 'patient') {
      if (peer.page !== this.remotePage) {
        this.remotePage = peer.page;
        void this.offer(false).catch(this.report('offer'));
      }
    } else {
      void this.answer().catch(this.report('answer'));
    }
  }

  private onSignal(d: Description | null) {
    if (this.closed || !d || d.to !== this.page) return;
    if (this.channel.role === 'provider' && d.kind === 'offer') {
      this.pendingOffer = d;
      void this.answer().catch(this.report('answer'));
    } else if (this.channel.role === 'patient' && d.kind === 'answer') {
      void this.acceptAnswer(d).catch(this.report('accept answer'));
    }
  }

  private newConnection() {
    this.closeConnection();
    const pc = new RTCPeerConnection(this.ice);
    this.pc = pc;
    this.pcId = randomId();
    const remoteStream = new MediaStream();
    const myCandidates = `candidates/${this.channel.role}/${this.pcId}`;
    pc.ontrack = (event) => {
      remoteStream.addTrack(event.track);
      this.emit({ remoteStream });
    };
    pc.onicecandidate = (event) => {
      if (event.candidate) void this.channel.push(myCandidates, event.candidate.toJSON()).catch(this.report('candidate'));
    };
    pc.onconnectionstatechange = () => {
      if (this.pc !== pc) return;
      const connection = pc.connectionState;
      if (connection === 'connected') this.clearRestart();
      else if (connection === 'disconnected' || connection === 'failed') this.scheduleRestart(RESTART_AFTER_MS);
      this.emit({ connection, ...(connection === 'connected' ? { everConnected: true } : {}) });
    };
    this.emit({ connection: pc.connectionState, remoteStream });
    return pc;
  }

  private closeConnection() {
    this.clearRestart();
    this.stopCandidates?.();
    this.stopCandidates = null;
    this.remotePcId = null;
    this.pendingCandidates = [];
    if (this.pc) {
      this.pc.onconnectionstatechange = null;
      this.pc.close();
      this.pc = null;
      this.emit({ connection: 'closed' });
    }
  }

  /** Candidates of the other side's connection `pcId`, kept until the description they belong to is set. */
  private listenCandidates(pcId: string) {
    if (this.remotePcId === pcId) return;
    this.stopCandidates?.();
    this.remotePcId = pcId;
    this.stopCandidates = this.channel.eachChild<RTCIceCandidateInit>(`candidates/${this.channel.other}/${pcId}`, (_key, candidate) => {
      this.pendingCandidates.push(candidate);
      void this.flushCandidates();
    });
  }

  private async flushCandidates() {
    const pc = this.pc;
    if (!pc?.remoteDescription) return;
    const waiting = this.pendingCandidates.splice(0);
    for (const candidate of waiting) {
      try {
        await pc.addIceCandidate(candidate);
      } catch {
        // A candidate of a restart whose offer/answer is not applied yet: kept for the next description.
        if (this.pc === pc) this.pendingCandidates.push(candidate);
      }
    }
  }

  // ---- patient: offers ----

  private async offer(iceRestart: boolean) {
    if (this.closed || !this.remotePage) return;
    let pc = this.pc;
    if (!pc || !iceRestart) {
      pc = this.newConnection();
      const { audio, video } = this.tracks();
      pc.addTransceiver(audio ?? 'audio', { direction: 'sendrecv' });
      pc.addTransceiver(video ?? 'video', { direction: 'sendrecv' });
    }
    const offer = await pc.createOffer(iceRestart ? { iceRestart: true } : undefined);
    if (this.pc !== pc) return;
    await pc.setLocalDescription(offer);
    this.offerId = randomId();
    const d: Description = { kind: 'offer', id: this.offerId, from: this.page, to: this.remotePage, pc: this.pcId, sdp: offer.sdp ?? '' };
    await this.channel.set(`signal/${this.channel.other}`, d);
  }

  private async acceptAnswer(d: Description) {
    const pc = this.pc;
    if (!pc || d.id !== this.offerId || pc.signalingState !== 'have-local-offer') return;
    await pc.setRemoteDescription({ type: 'answer', sdp: d.sdp });
    this.listenCandidates(d.pc);
    await this.flushCandidates();
  }

  private scheduleRestart(afterMs: number) {
    if (this.channel.role !== 'patient' || this.restartTimer !== undefined) return;
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      const pc = this.pc;
      if (this.closed || !pc || pc.connectionState === 'connected') return;
      void this.offer(true).catch(this.report('ice restart'));
      this.scheduleRestart(RESTART_EVERY_MS); // until media flows again (cleared on 'connected')
    }, afterMs);
  }

  private clearRestart() {
    clearTimeout(this.restartTimer);
    this.restartTimer = undefined;
  }

  // ---- provider: answers ----

  private answering = false;
  private async answer() {
    const d = this.pendingOffer;
    const peer = this.state.peer;
    // Only the offer of the patient page that is in the room now, and each offer once.
    if (this.answering || this.closed || !d || !peer || peer.state !== 'joined' || d.from !== peer.page || d.id === this.answeredOffer)
      return;
    this.answering = true;
    try {
      let pc = this.pc;
      if (!pc || d.pc !== this.remotePcId) {
        pc = this.newConnection();
        this.remotePcId = null;
      }
      await pc.setRemoteDescription({ type: 'offer', sdp: d.sdp });
      const tracks = this.tracks();
      for (const transceiver of pc.getTransceivers()) {
        const kind = transceiver.receiver.track.kind as 'audio' | 'video';
        transceiver.direction = 'sendrecv';
        if (transceiver.sender.track !== tracks[kind]) await transceiver.sender.replaceTrack(tracks[kind]);
      }
      const answer = await pc.createAnswer();
      if (this.pc !== pc) return;
      await pc.setLocalDescription(answer);
      this.answeredOffer = d.id;
      this.listenCandidates(d.pc);
      await this.flushCandidates();
      const reply: Description = { kind: 'answer', id: d.id, from: this.page, to: d.from, pc: this.pcId, sdp: answer.sdp ?? '' };
      await this.channel.set(`signal/${this.channel.other}`, reply);
    } finally {
      this.answering = false;
    }
    // A newer offer arrived while answering this one.
    if (this.pendingOffer && this.pendingOffer.id !== this.answeredOffer) await this.answer();
  }
}
