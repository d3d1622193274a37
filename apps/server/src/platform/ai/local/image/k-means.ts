// Deterministic k-means for a few thousand 3-D points (Lab colours). Seeding takes the point farthest
// from the centres so far (after the mean), so the same photo always gives the same clusters.

export type Point3 = readonly [number, number, number];

export interface Clustering {
  centres: Point3[];
  /** Cluster index of each input point. */
  assignment: Uint8Array;
  /** Points in each cluster. */
  sizes: number[];
}

export function kMeans(points: readonly Point3[], clusters: number, iterations: number): Clustering {
  const count = Math.min(clusters, points.length);
  const centres: Point3[] = seedCentres(points, count);
  const assignment = new Uint8Array(points.length);
  let sizes: number[] = [];
  for (let iteration = 0; iteration < iterations; iteration++) {
    const sums = centres.map(() => [0, 0, 0]);
    sizes = centres.map(() => 0);
    let moved = false;
    points.forEach((point, index) => {
      const nearest = nearestCentre(point, centres);
      if (assignment[index] !== nearest) moved = true;
      assignment[index] = nearest;
      const sum = sums[nearest];
      if (sum) {
        sum[0] = (sum[0] ?? 0) + point[0];
        sum[1] = (sum[1] ?? 0) + point[1];
        sum[2] = (sum[2] ?? 0) + point[2];
      }
      sizes[nearest] = (sizes[nearest] ?? 0) + 1;
    });
    centres.forEach((centre, index) => {
      const size = sizes[index] ?? 0;
      const sum = sums[index];
      if (size > 0 && sum)
        centres[index] = [(sum[0] ?? 0) / size, (sum[1] ?? 0) / size, (sum[2] ?? 0) / size];
      else centres[index] = centre;
    });
    if (!moved && iteration > 0) break;
  }
  return { centres, assignment, sizes };
}

export function nearestCentre(point: Point3, centres: readonly Point3[]): number {
  let best = 0;
  let bestDistance = Number.POSITIVE_INFINITY;
  centres.forEach((centre, index) => {
    const distance = squaredDistance(point, centre);
    if (distance < bestDistance) {
      bestDistance = distance;
      best = index;
    }
  });
  return best;
}

function seedCentres(points: readonly Point3[], count: number): Point3[] {
  if (count === 0) return [];
  const mean: [number, number, number] = [0, 0, 0];
  for (const point of points) {
    mean[0] += point[0] / points.length;
    mean[1] += point[1] / points.length;
    mean[2] += point[2] / points.length;
  }
  const centres: Point3[] = [mean];
  const nearest = points.map((point) => squaredDistance(point, mean));
  while (centres.length < count) {
    let farthest = 0;
    nearest.forEach((distance, index) => {
      if (distance > (nearest[farthest] ?? 0)) farthest = index;
    });
    const next = points[farthest];
    if (!next || (nearest[farthest] ?? 0) === 0) break;
    centres.push(next);
    points.forEach((point, index) => {
      nearest[index] = Math.min(nearest[index] ?? 0, squaredDistance(point, next));
    });
  }
  return centres;
}

function squaredDistance(first: Point3, second: Point3): number {
  return (first[0] - second[0]) ** 2 + (first[1] - second[1]) ** 2 + (first[2] - second[2]) ** 2;
}
