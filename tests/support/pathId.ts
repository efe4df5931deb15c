import { createHash } from 'node:crypto';

/**
 * The stable id of a generated test path: `<machine id>-<8 hex>`, the hex a hash of what the path is
 * made of (its events as fixture variants, the kind of visit), never of its position in a list. QA's
 * path pages (`npm run paths`), the test names and the JUnit report all name a path by it, so it must
 * not move when another path is added, removed or reordered. Eight hex digits: with six, two of the
 * guided Form 11 flow's 1,100-odd paths once shared an id.
 */
export function pathId(machineId: string, content: readonly string[]): string {
  const hash = createHash('sha256').update(JSON.stringify([machineId, ...content])).digest('hex');
  return `${machineId}-${hash.slice(0, 8)}`;
}
