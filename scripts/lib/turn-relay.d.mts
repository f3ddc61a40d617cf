export function coturnInstalled(): boolean;
export function turnRelayArgs(opts: { port: number; secret: string; dir: string }): string[];
