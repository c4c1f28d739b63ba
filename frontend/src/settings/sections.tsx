// The Settings sections, in order: one line each, so a new section (Skills,
// say) is one more entry here.
import { Bell, BookOpen, Code, Cpu, Globe, Info, Palette, Plug, Radio, ShieldCheck, SlidersHorizontal, Sparkles, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import type { SettingsView } from "../bridge";
import type { McpBackend } from "../bridge/mcp";
import { networkBackend } from "../bridge/network";
import { defaultNotifications, notificationsBackend } from "../bridge/notifications";
import type { ServeBackend } from "../bridge/serve";
import { AboutSection } from "./AboutSection";
import { AppearanceSection } from "./AppearanceSection";
import { EditorSection } from "./EditorSection";
import { GeneralSection } from "./GeneralSection";
import { KnowledgeFolders } from "./KnowledgeFolders";
import { McpSection } from "./McpSection";
import { NetworkSection } from "./NetworkSection";
import { NotificationsSection } from "./NotificationsSection";
import { ModelsSection } from "./ModelsSection";
import { PermissionsSection } from "./PermissionsSection";
import { ServeSection } from "./ServeSection";
import { SkillsSection } from "./SkillsSection";
import type { SettingsState } from "./state";
import type { SettingsActions } from "./useSettings";
import { WebSection } from "./WebSection";

/** What a section is drawn from. */
export interface SectionContext {
  view: SettingsView;
  state: SettingsState;
  actions: SettingsActions;
  mcp: McpBackend;
  serve: ServeBackend;
}

export interface SettingsSection {
  id: string;
  label: string;
  icon: LucideIcon;
  render: (c: SectionContext) => ReactNode;
}

export const sections: SettingsSection[] = [
  { id: "general", label: "General", icon: SlidersHorizontal, render: (c) => <GeneralSection view={c.view} actions={c.actions} /> },
  { id: "models", label: "Models & providers", icon: Cpu, render: (c) => <ModelsSection view={c.view} state={c.state} actions={c.actions} /> },
  { id: "permissions", label: "Permissions", icon: ShieldCheck, render: (c) => <PermissionsSection view={c.view} actions={c.actions} /> },
  { id: "web", label: "Web", icon: Globe, render: (c) => <WebSection web={c.view.web} busy={!!c.state.busy.web} actions={c.actions} /> },
  { id: "knowledge", label: "Knowledge", icon: BookOpen, render: (c) => <KnowledgeFolders folders={c.view.knowledgeFolders ?? []} busy={!!c.state.busy.folders} actions={c.actions} /> },
  { id: "mcp", label: "MCP", icon: Plug, render: (c) => <McpSection backend={c.mcp} readOnly={{ marks: c.view.readOnlyTools ?? [], set: c.actions.setReadOnlyTools }} /> },
  { id: "skills", label: "Skills", icon: Sparkles, render: () => <SkillsSection /> },
  { id: "serve", label: "Serve", icon: Radio, render: (c) => <ServeSection backend={c.serve} /> },
  { id: "network", label: "Network", icon: Globe, render: (c) => <NetworkSection offline={!!c.view.offline} backend={networkBackend} /> },
  { id: "editor", label: "Use Hearth in your editor", icon: Code, render: () => <EditorSection /> },
  { id: "notifications", label: "Notifications", icon: Bell, render: (c) => <NotificationsSection value={c.view.notifications ?? defaultNotifications} backend={notificationsBackend} /> },
  { id: "appearance", label: "Appearance", icon: Palette, render: (c) => <AppearanceSection theme={c.view.theme ?? "system"} actions={c.actions} /> },
  { id: "about", label: "About", icon: Info, render: (c) => <AboutSection view={c.view} /> },
];
