import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FrameCipher, frameKind, noFrames, transformFrame } from "./frames";
import { createIdentity, createMeetingKey, exportMeetingKey, safetyCode, unwrapMeetingKey, wrapMeetingKey } from "./keys";

const MEETING = "9a1c5e2e-6f0b-4d8e-8a51-0c2b1f3d9e77";
const raw = async (key: CryptoKey) => new Uint8Array(await exportMeetingKey(key));

describe("meeting keys", () => {
  it("reach only the participant they were wrapped for", async () => {
    const [distributor, alice, mallory] = await Promise.all([createIdentity(), createIdentity(), createIdentity()]);
    const key = await createMeetingKey();
    const wrapped = await wrapMeetingKey(distributor, alice.publicKey, MEETING, key, 1);
    expect(await raw(await unwrapMeetingKey(alice, wrapped, MEETING))).toEqual(await raw(key));
    // Someone else in the room relaying it cannot open it, nor can it be opened for another meeting or epoch.
    await expect(unwrapMeetingKey(mallory, wrapped, MEETING)).rejects.toThrow();
    await expect(unwrapMeetingKey(alice, wrapped, "another-meeting")).rejects.toThrow();
    await expect(unwrapMeetingKey(alice, { ...wrapped, epoch: 2 }, MEETING)).rejects.toThrow();
  });

  it("give everyone holding the same key and keys the same safety code, and a person in the middle a different one", async () => {
    const [a, b, middle] = await Promise.all([createIdentity(), createIdentity(), createIdentity()]);
    const key = await createMeetingKey();
    const code = await safetyCode(key, 1, [a.publicKey, b.publicKey]);
    expect(code).toMatch(/^\d{4} \d{4} \d{4} \d{4}$/);
    expect(await safetyCode(key, 1, [b.publicKey, a.publicKey])).toBe(code);
    // The room gave A the middle's key in place of B's: A reads out a different code.
    expect(await safetyCode(key, 1, [a.publicKey, middle.publicKey])).not.toBe(code);
    expect(await safetyCode(key, 2, [a.publicKey, b.publicKey])).not.toBe(code);
    expect(await safetyCode(await createMeetingKey(), 1, [a.publicKey, b.publicKey])).not.toBe(code);
  });
});

describe("frame encryption", () => {
  it("round-trips any frame, keeps the codec header clear and hides the rest", async () => {
    const key = await exportMeetingKey(await createMeetingKey());
    const sender = new FrameCipher();
    const receiver = new FrameCipher();
    await sender.setKey(7, key);
    await receiver.setKey(7, key);
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 0, maxLength: 2000 }), fc.constantFrom("audio", "key", "delta" as const), async (bytes, kind) => {
        const sealed = new Uint8Array((await sender.encrypt(bytes.slice().buffer, kind))!);
        const clear = { audio: 1, key: 10, delta: 3 }[kind];
        expect(sealed.subarray(0, Math.min(clear, bytes.length))).toEqual(bytes.subarray(0, clear));
        const opened = await receiver.decrypt(sealed.slice().buffer, kind);
        if (bytes.length >= clear) expect(new Uint8Array(opened!)).toEqual(bytes);
      }),
      { numRuns: 60 },
    );
  });

  it("drops frames it has no key for, frames under another key, and altered frames", async () => {
    const sender = new FrameCipher();
    expect(await sender.encrypt(new Uint8Array(100).buffer, "key")).toBeNull();
    const key = await exportMeetingKey(await createMeetingKey());
    await sender.setKey(1, key);
    const frame = new Uint8Array(200).fill(42);
    const sealed = (await sender.encrypt(frame.buffer, "delta"))!;

    expect(await new FrameCipher().decrypt(sealed, "delta")).toBeNull();
    const stranger = new FrameCipher();
    await stranger.setKey(1, await exportMeetingKey(await createMeetingKey()));
    expect(await stranger.decrypt(sealed, "delta")).toBeNull();
    const altered = new Uint8Array(sealed.slice(0));
    altered[20] ^= 1;
    const holder = new FrameCipher();
    await holder.setKey(1, key);
    expect(new Uint8Array((await holder.decrypt(sealed, "delta"))!)).toEqual(frame);
    expect(await holder.decrypt(altered.buffer, "delta")).toBeNull();
    // The clear header is authenticated too.
    const reheaded = new Uint8Array(sealed.slice(0));
    reheaded[0] ^= 1;
    expect(await holder.decrypt(reheaded.buffer, "delta")).toBeNull();
  });

  it("still opens frames of the previous epoch just after the key changes", async () => {
    const [first, second] = await Promise.all([createMeetingKey(), createMeetingKey()]);
    const sender = new FrameCipher();
    const receiver = new FrameCipher();
    await sender.setKey(1, await exportMeetingKey(first));
    const late = (await sender.encrypt(new Uint8Array(64).fill(9).buffer, "audio"))!;
    await receiver.setKey(1, await exportMeetingKey(first));
    await receiver.setKey(2, await exportMeetingKey(second));
    expect(new Uint8Array((await receiver.decrypt(late, "audio"))!)).toEqual(new Uint8Array(64).fill(9));
  });

  it("counts a frame as decrypted only when it opened: frames before the key or under another key are dropped", async () => {
    const key = await exportMeetingKey(await createMeetingKey());
    const sender = new FrameCipher();
    const receiver = new FrameCipher();
    const sent = noFrames();
    const received = noFrames();
    const frame = (bytes = new Uint8Array(300).fill(5)) => ({ type: "delta", data: bytes.slice().buffer });

    // Neither side has the key yet: nothing leaves, nothing is counted as sent or decrypted.
    expect(await transformFrame(sender, "encrypt", frame(), sent)).toBe(false);
    expect(sent).toEqual({ encrypted: 0, decrypted: 0, unsent: 1, undecryptable: 0 });

    await sender.setKey(1, key);
    const early = frame();
    expect(await transformFrame(sender, "encrypt", early, sent)).toBe(true);
    expect(await transformFrame(receiver, "decrypt", { ...early }, received)).toBe(false);
    const stranger = new FrameCipher();
    await stranger.setKey(1, await exportMeetingKey(await createMeetingKey()));
    const strangers = noFrames();
    expect(await transformFrame(stranger, "decrypt", { ...early }, strangers)).toBe(false);
    expect(strangers).toEqual({ encrypted: 0, decrypted: 0, unsent: 0, undecryptable: 1 });

    await receiver.setKey(1, key);
    const late = frame();
    await transformFrame(sender, "encrypt", late, sent);
    expect(await transformFrame(receiver, "decrypt", late, received)).toBe(true);
    expect(new Uint8Array(late.data)).toEqual(new Uint8Array(300).fill(5));
    expect(sent).toEqual({ encrypted: 2, decrypted: 0, unsent: 1, undecryptable: 0 });
    expect(received).toEqual({ encrypted: 0, decrypted: 1, unsent: 0, undecryptable: 1 });

    // An empty frame passes as it is and is not counted.
    expect(await transformFrame(receiver, "decrypt", { type: "empty", data: new ArrayBuffer(0) }, received)).toBe(true);
    expect(received.decrypted).toBe(1);
  });

  it("reads the kind of a frame from the browser's encoded frame", () => {
    expect(frameKind({ type: "key" })).toBe("key");
    expect(frameKind({ type: "delta" })).toBe("delta");
    expect(frameKind({})).toBe("audio");
  });
});
