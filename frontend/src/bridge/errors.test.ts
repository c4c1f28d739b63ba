import { describe, expect, it } from "vitest";
import { BridgeError, call, toBridgeError } from "./errors";

describe("toBridgeError", () => {
  it.each([
    [{ code: "keychain_unavailable", message: "no keychain" }, "keychain_unavailable", "no keychain", undefined],
    [{ code: "invalid", message: "temperature: bad", field: "temperature" }, "invalid", "temperature: bad", "temperature"],
    [{ code: "something_new", message: "x" }, "internal", "x", undefined],
    ["error parsing arguments: boom", "internal", "error parsing arguments: boom", undefined],
    [new Error("plain"), "internal", "plain", undefined],
    [new Error('{"code":"bad_key","message":"rejected"}'), "bad_key", "rejected", undefined],
    ['{"code":"invalid","message":"m","field":"f"}', "invalid", "m", "f"],
    [new Error("{not json"), "internal", "{not json", undefined],
  ])("normalises %j", (raw, code, message, field) => {
    const e = toBridgeError(raw);
    expect(e).toBeInstanceOf(BridgeError);
    expect(e.code).toBe(code);
    expect(e.message).toBe(message);
    expect(e.field).toBe(field);
  });

  it("gives a readable message for junk", () => {
    expect(toBridgeError(42).message).toMatch(/backend/);
  });
});

describe("call", () => {
  it("rejects only with BridgeError", async () => {
    await expect(call(() => Promise.reject("raw string"))).rejects.toBeInstanceOf(BridgeError);
  });
  it("passes values through", async () => {
    await expect(call<number>(() => Promise.resolve(7))).resolves.toBe(7);
  });
});
