// The one module that talks to the generated Wails bindings.
import * as App from "../../wailsjs/go/app/App";
import type { app } from "../../wailsjs/go/models";
import { call } from "./errors";
import type { ConnectionResult, GlobalInput, ProviderInput, SettingsView } from "./types";

export { BridgeError } from "./errors";
export type * from "./types";

export interface Backend {
  getSettings(): Promise<SettingsView>;
  saveGlobal(input: GlobalInput): Promise<SettingsView>;
  saveProvider(id: string, input: ProviderInput): Promise<SettingsView>;
  addCustomEndpoint(name: string, baseUrl: string): Promise<SettingsView>;
  removeCustomEndpoint(name: string): Promise<SettingsView>;
  setKey(id: string, key: string): Promise<SettingsView>;
  setSessionKey(id: string, key: string): Promise<SettingsView>;
  deleteKey(id: string): Promise<SettingsView>;
  testConnection(id: string): Promise<ConnectionResult>;
  listModels(id: string): Promise<string[]>;
  detectLocal(): Promise<string[]>;
  warnings(): Promise<string[]>;
  markFirstPaint(): Promise<void>;
}

export const backend: Backend = {
  getSettings: () => call(() => App.GetSettings()),
  saveGlobal: (input) => call(() => App.SaveGlobal(input as app.GlobalInput)),
  saveProvider: (id, input) => call(() => App.SaveProvider(id, input as app.ProviderInput)),
  addCustomEndpoint: (name, baseUrl) => call(() => App.AddCustomEndpoint(name, baseUrl)),
  removeCustomEndpoint: (name) => call(() => App.RemoveCustomEndpoint(name)),
  setKey: (id, key) => call(() => App.SetKey(id, key)),
  setSessionKey: (id, key) => call(() => App.SetSessionKey(id, key)),
  deleteKey: (id) => call(() => App.DeleteKey(id)),
  testConnection: (id) => call(() => App.TestConnection(id)),
  listModels: async (id) => (await call<string[] | null>(() => App.ListModels(id))) ?? [],
  detectLocal: async () => (await call<string[] | null>(() => App.DetectLocal())) ?? [],
  markFirstPaint: () => call(() => App.MarkFirstPaint()),
  warnings: async () => (await call<string[] | null>(() => App.Warnings())) ?? [],
};
