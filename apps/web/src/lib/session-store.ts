import type {
  TAdminProfile,
  TAdminUserinfo,
  TMerchantProfile,
  TMerchantUserinfo,
} from '@parlour/contract/calls/account';
import type { Role } from '@parlour/contract/constants';
import { defaultLang, type Lang } from '@parlour/contract/errors';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { TitleKey } from './route-meta';

/** localStorage key of the persisted session. */
export const SESSION_STORAGE_KEY = 'parlour-session';

/** One console menu entry, loaded from the route table after login and kept per user type. */
export interface MenuRoute {
  path: string;
  titleKey: TitleKey;
  /** Name of an icon in components/menu-icon. */
  icon?: string;
  /** Reachable but not listed in the sider menu. */
  isHidden?: boolean;
  children?: MenuRoute[];
}

interface Profiles {
  merchant: TMerchantProfile;
  admin: TAdminProfile;
}

export interface RoleSession<R extends Role> {
  token: string | null;
  expiresAt: string | null;
  info: Profiles[R] | null;
  /** Null until loaded for this user type (navigation loads them and retries). */
  menus: MenuRoute[] | null;
}

export interface SessionState {
  /** Which console the user works in; merchant unless an operator signed in. */
  loginType: Role;
  /** The language the user chose (the operator console always shows Chinese). */
  lang: Lang;
  merchant: RoleSession<'merchant'>;
  admin: RoleSession<'admin'>;
  setLoginType: (role: Role) => void;
  setLang: (lang: Lang) => void;
  /** Stores the token and profile of `data.userinfo` and makes `role` the login type. */
  signIn: (role: Role, userinfo: TMerchantUserinfo | TAdminUserinfo) => void;
  setMenus: (role: Role, menus: MenuRoute[]) => void;
  clearSession: (role: Role) => void;
}

function emptySession<R extends Role>(): RoleSession<R> {
  return { token: null, expiresAt: null, info: null, menus: null };
}

export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      loginType: 'merchant',
      lang: defaultLang,
      merchant: emptySession<'merchant'>(),
      admin: emptySession<'admin'>(),
      setLoginType: (loginType) => set({ loginType }),
      setLang: (lang) => set({ lang }),
      signIn: (role, userinfo) => {
        const { token, expires_at: expiresAt, ...info } = userinfo;
        set({ loginType: role, [role]: { token, expiresAt, info, menus: null } });
      },
      setMenus: (role, menus) => set((state) => ({ [role]: { ...state[role], menus } })),
      clearSession: (role) => set({ [role]: emptySession() }),
    }),
    {
      name: SESSION_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      // Menu routes are not kept across page loads: navigation loads them again from the route
      // table, so a new release's pages appear without signing in again.
      partialize: ({ loginType, lang, merchant, admin }) => ({
        loginType,
        lang,
        merchant: { ...merchant, menus: null },
        admin: { ...admin, menus: null },
      }),
    },
  ),
);

/** The token of a role's session, read outside React (request layer, navigation guard). */
export function getToken(role: Role): string | null {
  return useSessionStore.getState()[role].token;
}
