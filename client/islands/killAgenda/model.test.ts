import { describe, expect, test } from "vitest";
import { guardedReads } from "./model.ts";

/** A read the test answers by hand, in any order. */
function reads() {
  const pending: ((value: string) => void)[] = [];
  const shown: string[] = [];
  const guard = guardedReads(
    () => new Promise<string>((resolve) => pending.push(resolve)),
    (value) => shown.push(value),
  );
  return { guard, pending, shown };
}
const tick = () => new Promise((r) => setTimeout(r));

describe("reads never undo a save", () => {
  test("a read answered while nothing is saved is shown", async () => {
    const { guard, pending, shown } = reads();
    void guard.refresh();
    pending[0]("server");
    await tick();
    expect(shown).toEqual(["server"]);
  });

  test("a read begun before a save is dropped and made again once the save is done", async () => {
    const { guard, pending, shown } = reads();
    void guard.refresh(); // e.g. the hub said the page missed an event
    let answer!: () => void;
    const saved = guard.saving(() => new Promise<void>((resolve) => (answer = resolve)));
    pending[0]("before the move"); // answered while the move is saved: not shown
    await tick();
    expect(shown).toEqual([]);
    answer();
    await saved;
    await tick();
    expect(pending).toHaveLength(2); // read again after the save
    pending[1]("after the move");
    await tick();
    expect(shown).toEqual(["after the move"]);
  });

  test("a read asked for during a save waits for it; one answered after a whole save is read again", async () => {
    const { guard, pending, shown } = reads();
    let answer!: () => void;
    const saved = guard.saving(async () => {
      void guard.refresh(); // e.g. the save failed and its island re-reads
      await new Promise<void>((resolve) => (answer = resolve));
    });
    await tick();
    expect(pending).toHaveLength(0);
    answer();
    await saved;
    await tick();
    expect(pending).toHaveLength(1);
    pending[0]("after the first save");
    await tick();
    expect(shown).toEqual(["after the first save"]);

    void guard.refresh();
    await guard.saving(() => Promise.resolve()); // a whole save while that read was out
    pending[1]("stale");
    await tick();
    expect(shown).toEqual(["after the first save"]);
    expect(pending).toHaveLength(3);
    pending[2]("fresh");
    await tick();
    expect(shown).toEqual(["after the first save", "fresh"]);
  });
});
