// What the room tells the person about the call, from what it knows: the other side's presence in the
// realtime database, the peer connection's state, and the session's end time.

export type CallStatus = 'waiting' | 'connecting' | 'connected' | 'reconnecting' | 'peer-left' | 'ended';

export interface CallFacts {
  /** The other side's record: absent, joined (online or not) or left on purpose. */
  peer: 'absent' | 'joined' | 'left';
  /** RTCPeerConnection.connectionState, or 'none' before there is one. */
  connection: RTCPeerConnectionState | 'none';
  /** The call was connected at least once with this peer. */
  everConnected: boolean;
  now: number;
  endsAt: number;
}

export function callStatus(f: CallFacts): CallStatus {
  if (f.now >= f.endsAt) return 'ended';
  if (f.peer === 'left') return 'peer-left';
  if (f.connection === 'connected') return 'connected';
  if (f.everConnected) return 'reconnecting';
  if (f.peer === 'absent') return 'waiting';
  return 'connecting';
}

/** The sentence shown and announced for each status; `other` is how the other person is named. */
export function callStatusText(status: CallStatus, other: string): string {
  switch (status) {
    case 'waiting':
      return `Waiting for ${other} to join`;
    case 'connecting':
      return `Connecting you with ${other}…`;
    case 'connected':
      return `You are connected with ${other}`;
    case 'reconnecting':
      return 'Reconnecting… the call will continue by itself';
    case 'peer-left':
      return `${other} has left the session`;
    case 'ended':
      return 'This session has ended';
  }
}

/** "12 min left", "1 min left", "Less than a minute left"; nothing once over. */
export function remainingTimeText(now: number, endsAt: number): string | null {
  const ms = endsAt - now;
  if (ms <= 0) return null;
  const minutes = Math.floor(ms / 60_000);
  return minutes < 1 ? 'Less than a minute left' : `${minutes} min left`;
}
