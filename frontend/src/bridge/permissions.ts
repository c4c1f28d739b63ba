// The bound methods of the permissions view: this conversation's grants and
// the workspace's saved rules, each revocable.
import * as Project from "../../wailsjs/go/app/Project";
import { call } from "./errors";
import type { app } from "../../wailsjs/go/models";
import type { Wire } from "./wire";

/** A grant or saved rule: tool is read, edit, shell or mcp; effect allow, ask or deny. */
export type PermissionRule = Wire<app.PermissionRule>;

export type PermissionsView = Wire<app.PermissionsView>;

export interface PermissionsBackend {
  permissions(): Promise<PermissionsView>;
  revokeGrant(tool: string, pattern: string): Promise<PermissionsView>;
  revokeRule(rule: PermissionRule): Promise<PermissionsView>;
}

export const permissionsBackend: PermissionsBackend = {
  permissions: () => call(() => Project.Permissions()),
  revokeGrant: (tool, pattern) => call(() => Project.RevokeGrant(tool, pattern)),
  revokeRule: (rule) => call(() => Project.RevokeRule(rule)),
};
