// The chat's background processes (a dev server the agent started with
// shell's background flag), for the Processes panel: listed, pushed live by
// the "processes" event, their output (redacted by the backend) and Stop.
import * as Processes from "../../wailsjs/go/app/Processes";
import { app } from "../../wailsjs/go/models";
import { call } from "./errors";
import { onEvent } from "./shell";
import type { Narrow, Wire } from "./wire";

export const PROCESS_STATUSES = ["running", "exited", "stopped"] as const;
export type ProcessStatus = (typeof PROCESS_STATUSES)[number];

/** One process: startedAt and endedAt are Unix ms; ports as "127.0.0.1:5173". */
export type ProcessInfo = Narrow<Wire<app.ProcessView>, { status: ProcessStatus }>;

export interface ProcessesBackend {
  list(): Promise<ProcessInfo[]>;
  /** the last output of a process, read or not by the model */
  output(id: string): Promise<string>;
  stop(id: string): Promise<void>;
  /** onChange is told the whole list when a process starts, ends or opens a port. */
  onChange(cb: (procs: ProcessInfo[]) => void): () => void;
}

export function isProcessInfo(v: unknown): v is ProcessInfo {
  if (typeof v !== "object" || v === null) return false;
  const p = v as Record<string, unknown>;
  return (
    typeof p.id === "string" &&
    typeof p.command === "string" &&
    typeof p.pid === "number" &&
    PROCESS_STATUSES.includes(p.status as ProcessStatus) &&
    typeof p.exitCode === "number" &&
    typeof p.startedAt === "number" &&
    (p.endedAt === undefined || typeof p.endedAt === "number") &&
    Array.isArray(p.ports) &&
    p.ports.every((x) => typeof x === "string")
  );
}

// A list with one malformed row still shows the others.
function processes(v: unknown): ProcessInfo[] {
  return Array.isArray(v) ? v.filter(isProcessInfo) : [];
}

export const processesBackend: ProcessesBackend = {
  list: async () => processes(await call<unknown>(() => Processes.List())),
  output: async (id) => {
    const v = await call<unknown>(() => Processes.Output(id));
    return typeof v === "string" ? v : "";
  },
  stop: (id) => call(() => Processes.Stop(id)),
  onChange: (cb) => onEvent("processes", (payload) => cb(processes(payload))),
};
