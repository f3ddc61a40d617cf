export const DENIED_PEER_RANGES: ReadonlyArray<readonly [range: string, what: string]>;
export const LOCAL_RELAY_IP: string;
export function coturnInstalled(): boolean;
export function turnRelayArgs(opts: { port: number; secret: string; dir: string }): string[];
