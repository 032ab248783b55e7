import { describe, expect, it } from 'vitest';
import { distanceMiles } from '../../../core/geo.ts';
import { boundingBox, CELL_DEGREES, cellToken, radiusCells } from './geo.ts';

/** A small deterministic generator, so a failure can be run again. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

describe('radiusCells', () => {
  it('names each point of a circle in exactly one cell, and only points of the circle in an inside cell', () => {
    const random = seededRandom(15);
    for (let circle = 0; circle < 300; circle += 1) {
      const latitude = 25 + random() * 24;
      const longitude = -124 + random() * 57;
      const miles = circle % 3 === 0 ? 1 + random() * 60 : 1 + random() * 499;
      const { inside, edge } = radiusCells(latitude, longitude, miles, circle % 2 ? 1 : 0.25);
      const insideCells = new Set(inside);
      const edgeCells = new Set(edge);
      expect(insideCells.size + edgeCells.size, 'no cell named twice').toBe(inside.length + edge.length);
      const box = boundingBox(latitude, longitude, miles);
      for (let point = 0; point < 200; point += 1) {
        const pointLatitude = box.minLatitude + random() * (box.maxLatitude - box.minLatitude);
        const pointLongitude = box.minLongitude + random() * (box.maxLongitude - box.minLongitude);
        const tokens = CELL_DEGREES.map((degrees) => cellToken(pointLatitude, pointLongitude, degrees));
        const inInside = tokens.filter((token) => insideCells.has(token)).length;
        const onEdge = tokens.filter((token) => edgeCells.has(token)).length;
        const label = `${miles} miles around ${latitude}, ${longitude}: ${pointLatitude}, ${pointLongitude}`;
        if (distanceMiles(latitude, longitude, pointLatitude, pointLongitude) <= miles) {
          expect(inInside + onEdge, label).toBe(1);
        }
        if (inInside > 0) {
          expect(
            distanceMiles(latitude, longitude, pointLatitude, pointLongitude),
            label,
          ).toBeLessThanOrEqual(miles);
        }
      }
    }
  });

  it('names the edge in the finest size asked for', () => {
    const quarters = radiusCells(32.7904, -96.8044, 50, 0.25);
    expect(quarters.edge.every((token) => token.startsWith('_gq'))).toBe(true);
    expect(quarters.inside.length).toBeGreaterThan(0);
    const degrees = radiusCells(32.7904, -96.8044, 50);
    expect(degrees.inside).toEqual([]);
    expect(degrees.edge.length).toBeGreaterThan(0);
    expect(degrees.edge.every((token) => token.startsWith('_g1'))).toBe(true);
  });
});
