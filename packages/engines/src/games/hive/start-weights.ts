/**
 * The hand-set weights the tuner starts from (and makes its self-play games with), in hundredths
 * of a piece, by feature index (features.ts): the values of the evaluation before it was tuned,
 * written over the shared features. Kept apart from the tuned table so that the tuner's data does
 * not depend on its own last output.
 */
// biome-ignore format: one row a group of features
export const HIVE_START_WEIGHTS: readonly number[] = [
  12, 18, 30, 22, 45, 35, 28, 22, // movable, by bug Q S B G A M L P
  0, 0, 0, 0, 0, 0, 0, 0, // immovable: worth nothing where it stands
  0, 0, 0, 0, 0, 0, 0, 0, // covered
  0, 10, 16, 12, 26, 20, 16, 12, // in hand
  20, // on top
  0, -12, -30, -60, -120, -260, -600, // own queen's ring by occupied neighbours
  0, 0, 0, // ring: own stuck, own free, enemy
  -90, 15, 0, -20, // queen covered, free, in hand, late
  0, 0, 8, // reach, near, at the enemy queen
  25, 0, 0, // pillbug guard, pillbug ready, mosquito as beetle
];
