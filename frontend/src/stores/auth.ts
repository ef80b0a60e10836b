import { create } from "zustand";

import { getMe, login, logout, signup } from "@/client/sdk.gen";
import type { UserOut } from "@/client/types.gen";
import { ApiError, unwrap } from "@/lib/api";
import { resetSessionExpiry } from "@/lib/session";

type AuthState = {
  user: UserOut | null;
  status: "unknown" | "signed-in" | "signed-out";
  load: () => Promise<UserOut | null>;
  signIn: (email: string, password: string) => Promise<void>;
  signUp: (input: { email: string; password: string; name: string; username: string }) => Promise<void>;
  signOut: () => Promise<void>;
};

export const useAuth = create<AuthState>((set) => ({
  user: null,
  status: "unknown",
  async load() {
    try {
      const user = await unwrap(getMe());
      set({ user, status: "signed-in" });
      return user;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        set({ user: null, status: "signed-out" });
        return null;
      }
      throw error;
    }
  },
  async signIn(email, password) {
    await unwrap(login({ body: { email, password } }));
    resetSessionExpiry();
    const user = await unwrap(getMe());
    set({ user, status: "signed-in" });
  },
  async signUp(input) {
    await unwrap(signup({ body: input }));
    await useAuth.getState().signIn(input.email, input.password);
  },
  async signOut() {
    try {
      await unwrap(logout());
    } finally {
      set({ user: null, status: "signed-out" });
    }
  },
}));
