// The bound methods of the permissions view: this conversation's grants and
// the workspace's saved rules, each revocable.
import * as App from "../../wailsjs/go/app/App";
import { call } from "./errors";

export interface PermissionRule {
  /** read, edit, shell or mcp */
  tool: string;
  pattern: string;
  /** allow, ask or deny */
  effect: string;
}

export interface PermissionsView {
  grants: PermissionRule[];
  rules: PermissionRule[];
}

export interface PermissionsBackend {
  permissions(): Promise<PermissionsView>;
  revokeGrant(tool: string, pattern: string): Promise<PermissionsView>;
  revokeRule(rule: PermissionRule): Promise<PermissionsView>;
}

export const permissionsBackend: PermissionsBackend = {
  permissions: () => call(() => App.Permissions()),
  revokeGrant: (tool, pattern) => call(() => App.RevokeGrant(tool, pattern)),
  revokeRule: (rule) => call(() => App.RevokeRule(rule)),
};
