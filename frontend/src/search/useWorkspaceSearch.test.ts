import { describe, expect, it } from "vitest";
import { prefixRetry } from "./useWorkspaceSearch";

describe("prefixRetry", () => {
  it.each([
    ["getFooBa", "getFooBa*"],
    ["  mutex unl ", "mutex unl*"],
    ["ошибк", "ошибк*"],
    ["path:src retr", "path:src retr*"],
    ["retry*", null],
    ["goroutin~", null],
    ['"no such fi', null],
    ['"no such"', null],
    ["a OR", null],
    ["os.Ope", null],
    ["ext:go", null],
    ["/err\\w+/", null],
  ])("%s -> %s", (q, want) => {
    expect(prefixRetry(q)).toBe(want);
  });
});
