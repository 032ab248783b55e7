import { US_STATES } from '../../../core/us-states.ts';
import { STATE_CENTERS } from './state-centers.ts';

const DIRECTIONS: Record<string, readonly [dx: number, dy: number]> = {
  ArrowRight: [1, 0],
  ArrowLeft: [-1, 0],
  ArrowDown: [0, 1],
  ArrowUp: [0, -1],
};

/**
 * The state an arrow key moves to from `from`: the nearest state in that direction, where a state
 * straight ahead beats one off to the side (distance ahead plus twice the distance sideways),
 * looking first within about 60 degrees of the direction, then anywhere ahead. Null when no state
 * lies that way (the move is ignored), or for any other key.
 */
export function neighbourInDirection(from: string, key: string, codes: readonly string[]): string | null {
  const direction = DIRECTIONS[key];
  const origin = STATE_CENTERS[from];
  if (!direction || !origin) return null;
  const [dx, dy] = direction;
  const candidates = codes.flatMap((code) => {
    const center = STATE_CENTERS[code];
    if (code === from || !center) return [];
    const [x, y] = [center[0] - origin[0], center[1] - origin[1]];
    const ahead = x * dx + y * dy;
    const aside = Math.abs(x * dy - y * dx);
    return ahead > 0 ? [{ code, ahead, aside, score: ahead + 2 * aside }] : [];
  });
  const best = (list: typeof candidates) =>
    list.reduce<(typeof candidates)[number] | null>((a, b) => (a && a.score <= b.score ? a : b), null);
  const inCone = best(candidates.filter((candidate) => candidate.aside <= 2 * candidate.ahead));
  return (inCone ?? best(candidates))?.code ?? null;
}

/** The map's states in list order: the tab stop starts on the first; Home and End go to the ends. */
export const STATE_CODES = US_STATES.map(([code]) => code);
export const FIRST_STATE = STATE_CODES[0]!;
const LAST_STATE = STATE_CODES[STATE_CODES.length - 1]!;

/**
 * The state a key moves to: arrows by the map, Home and End to the first and last in the list. Both
 * the heat map's React renderer (the editor's previews) and the profile island use it.
 */
export function stateAfterKey(current: string, key: string): string | null {
  if (key === 'Home') return FIRST_STATE;
  if (key === 'End') return LAST_STATE;
  return neighbourInDirection(current, key, STATE_CODES);
}
