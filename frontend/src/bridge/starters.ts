// The starter prompts an empty chat offers, drawn from the open folder.
import * as App from "../../wailsjs/go/app/App";
import { call } from "./errors";

export interface StarterPrompt {
  label: string;
  prompt: string;
}

export type LoadStarters = () => Promise<StarterPrompt[]>;

export const loadStarters: LoadStarters = () => call(() => App.StarterPrompts());
