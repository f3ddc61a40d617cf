// Auth state (product rules, What the client keeps). `loading` starts true: the page does not know yet
// whether a user exists (product rules, Sign-in and identity: "On load").
import { baseActions, type SliceActions, type SliceApi } from './slice';
import type { AuthUser, DeviceInfo, PartnerMetaInfo, Profile, Provider } from './types';

export interface AuthData {
  user: AuthUser | null;
  /** The signed-in realtime-database user (firebase), minimal and serialisable. */
  firebaseUser: { uid: string } | null;
  error: string | null;
  loading: boolean;
  platform: string | null;
  partnerMetaInfo: PartnerMetaInfo | null;
  updatingProfile: boolean;
  profiles: Profile[];
  /** The secondary profile the pages act for (a child, a member); null while acting as the account's own person. */
  acting: Profile | null;
  isMultiProfileUser: boolean;
  deviceInfo: DeviceInfo | null;
  profilesLoading: boolean;
  allProviders: Provider[];
  loadingAllProviders: boolean;
}

export interface AuthSlice extends AuthData, SliceActions<AuthData> {
  /** Product rules, Profiles and members: a profile update merges into the user and clears the loading, updating and error flags. */
  updateProfile(changes: Partial<AuthUser>): void;
}

export const initialAuth: AuthData = {
  user: null,
  firebaseUser: null,
  error: null,
  loading: true,
  platform: null,
  partnerMetaInfo: null,
  updatingProfile: false,
  profiles: [],
  acting: null,
  isMultiProfileUser: false,
  deviceInfo: null,
  profilesLoading: false,
  allProviders: [],
  loadingAllProviders: false,
};

export function createAuthSlice(api: SliceApi<AuthData>): AuthSlice {
  return {
    ...initialAuth,
    ...baseActions(api, initialAuth),
    updateProfile: (changes) => {
      const user = api.get().user;
      api.patch({ user: user ? { ...user, ...changes } : user, loading: false, updatingProfile: false, error: null });
    },
  };
}
