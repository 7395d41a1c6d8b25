/**
 * Small records in other programs' formats, written for hexarena's tests (no outside archive is
 * shipped). Each shows a quirk of its format; docs/hive-records.md describes them.
 */

/**
 * A Base game as boardspace.net writes it: a turn counts at its `done` (white's first queen drop is
 * replaced before it), a drag (`pick` … `dropb`), `.` for a beetle climbing onto a stack, black's pass
 * left out (after 15. wB1 bB2 black has no move), then a resignation.
 */
export const SGF_BASE = String.raw`(;
GM[27]VV[1]
(
;
SU[hive]
P0[id "ann"]
P1[id "bob"]
RE[ann wins]
DT[Sat Mar 02 10:00:00 CET 2024]
; P0[0 Start P0]
; P0[2 dropb wS1 N 13 .]
; P0[3 done]
; P1[4 dropb bS1 N 14 \\wS1]
; P1[5 done]
; P0[6 dropb wQ M 13 -wS1]
; P0[7 dropb wQ O 13 wS1-]
; P0[8 done]
; P1[9 pick b bS2]
; P1[10 dropb bS2 O 15 bS1/]
; P1[11 done]
; P0[12 dropb wA1 P 14 wQ/]
; P0[13 done]
; P1[14 dropb bB1 N 15 -bS2]
; P1[15 done]
; P0[16 move w wA1 M 15 -bB1]
; P0[17 done]
; P1[18 dropb bQ O 16 \\bS2]
; P1[19 done]
; P0[20 dropb wA2 P 14 wQ/]
; P0[21 done]
; P1[22 move b bQ P 16 bS2/]
; P1[23 done]
; P0[24 move w wA2 P 17 \\bQ]
; P0[25 done]
; P1[26 dropb bB2 Q 16 bQ-]
; P1[27 done]
; P0[28 dropb wB1 P 14 wQ/]
; P0[29 done]
; P1[30 move b bB2 P 15 bQ\\]
; P1[31 done]
; P0[32 move w wB1 P 15 .]
; P0[33 done]
; P0[34 move w wB1 P 16 .]
; P0[35 done]
; P1[36 resign]
)
)
`;

/** The UHP moves of SGF_BASE, with the pass the file leaves out. */
export const SGF_BASE_MOVES = [
  'wS1',
  'bS1 \\wS1',
  'wQ wS1-',
  'bS2 bS1/',
  'wA1 wQ/',
  'bB1 -bS2',
  'wA1 -bB1',
  'bQ \\bS2',
  'wA2 wQ/',
  'bQ bS2/',
  'wA2 \\bQ',
  'bB2 bQ-',
  'wB1 wQ/',
  'bB2 bQ\\',
  'wB1 bB2',
  'pass',
  'wB1 bQ',
];

/**
 * A Base+M game in boardspace's older way: pieces without their colour (the mover's, or the colour
 * after `move`), `M1` the Mosquito, which climbs onto the beetle (`.`) and back down; the last turn
 * has no `done`, so it does not count.
 */
export const SGF_MOSQUITO = String.raw`(;GM[27]VV[1](;SU[Hive-M]P0[id "cleo"]P1[id "dan"]
; P0[2 dropb B1 N 13 .]; P0[3 done]
; P1[4 dropb B1 O 13 wB1-]; P1[5 done]
; P0[6 dropb Q M 13 -wB1]; P0[7 done]
; P1[8 dropb Q P 13 bB1-]; P1[9 done]
; P0[10 dropb M1 N 14 \\wB1]; P0[11 done]
; P1[12 dropb G1 Q 13 bQ-]; P1[13 done]
; P0[14 move W M1 N 13 .]; P0[15 done]
; P1[16 dropb M1 R 13 bG1-]; P1[17 done]
; P0[18 move W M1 N 12 /bB1]; P0[19 done]
; P1[20 move B G1 L 13 -wQ]
))`;

export const SGF_MOSQUITO_MOVES = ['wB1', 'bB1 wB1-', 'wQ -wB1', 'bQ bB1-', 'wM \\wB1', 'bG1 bQ-', 'wM wB1', 'bM bG1-', 'wM wB1\\'];

/** A PGN as Mzinga writes it: its tags, one numbered move a line, the result line. */
export const PGN_MZINGA = String.raw`[GameType "Base+M"]
[Date "2024.03.02"]
[Event ""]
[Site "hexarena tests"]
[Round ""]
[White "cleo"]
[Black "dan"]
[Result "InProgress"]

1. wB1
2. bB1 wB1-
3. wQ -wB1
4. bQ bB1-
5. wM \wB1
6. bG1 bQ-
7. wM wB1
8. bM bG1-
9. wM wB1\
`;

/** A PGN on one line of moves, chess-style results and a comment, as other exports write it. */
export const PGN_INLINE = String.raw`[GameType "Base"]
[White "ann"]
[Black "bob"]
[Result "1-0"]
[Termination "resignation"]

1. wS1 2. bS1 \wS1 3. wQ wS1- {the queen comes out} 4. bS2 bS1/ 5. wA1 wQ/ 1-0
`;
