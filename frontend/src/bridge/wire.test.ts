// Type-level: the typecheck (and vitest's expectTypeOf under it) fails when
// Wire or Narrow stop describing what the generated models carry.
import { describe, expectTypeOf, it } from "vitest";
import type { app, session } from "../../wailsjs/go/models";
import type { SettingsView } from "./types";
import type { Narrow, Wire } from "./wire";

describe("Wire", () => {
  it("keeps a model's data and drops the class's convertValues", () => {
    expectTypeOf<Wire<app.ChatChoiceView>>().toHaveProperty("providers");
    expectTypeOf<Wire<app.ChatChoiceView>>().not.toHaveProperty("convertValues");
    expectTypeOf<Wire<app.ChatChoiceView>["providers"][number]>().not.toHaveProperty("convertValues");
  });

  it("reads a Go time.Time as its string, never any", () => {
    expectTypeOf<Wire<session.Hit>["at"]>().toEqualTypeOf<string>();
  });
});

describe("Narrow", () => {
  it("narrows a field and keeps the rest", () => {
    expectTypeOf<SettingsView["temperature"]>().toEqualTypeOf<number | null>();
    expectTypeOf<SettingsView["activeModel"]>().toEqualTypeOf<string>();
  });

  it("refuses a field the Go view lacks, or a type that does not fit it", () => {
    // @ts-expect-error a misspelt (or since renamed) field
    expectTypeOf<Narrow<Wire<app.SettingsView>, { temprature: number }>>().toBeObject();
    // @ts-expect-error a string narrowed to a number
    expectTypeOf<Narrow<Wire<app.SettingsView>, { theme: number }>>().toBeObject();
  });
});
