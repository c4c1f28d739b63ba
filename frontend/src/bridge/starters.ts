// The starter prompts an empty chat offers, drawn from the open folder.
import * as Composer from "../../wailsjs/go/app/Composer";
import { call } from "./errors";
import type { app } from "../../wailsjs/go/models";
import type { Wire } from "./wire";

export type StarterPrompt = Wire<app.StarterPrompt>;

export type LoadStarters = () => Promise<StarterPrompt[]>;

export const loadStarters: LoadStarters = () => call(() => Composer.StarterPrompts());
