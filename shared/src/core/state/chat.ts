// Chat state (product rules, What the client keeps): the decryption key of each chat channel.
import { baseActions, type SliceActions, type SliceApi } from './slice';

export interface ChatData {
  decryptionKeys: Record<string, string>;
}

export interface ChatSlice extends ChatData, SliceActions<ChatData> {
  setDecryptionKey(channel: string, key: string): void;
}

export const initialChat: ChatData = { decryptionKeys: {} };

export function createChatSlice(api: SliceApi<ChatData>): ChatSlice {
  return {
    ...initialChat,
    ...baseActions(api, initialChat),
    setDecryptionKey: (channel, key) => api.patch({ decryptionKeys: { ...api.get().decryptionKeys, [channel]: key } }),
  };
}
