/**
 * boardspace.net records written for hexarena's tests by the rules of boardspace's own Hive move
 * writer (no outside archive is shipped). What each rule rests on is said in words beside each sample;
 * docs/hive-records.md has the whole description.
 *
 * Three games a side of the hive runs far from the first piece: a line of black pieces east of white's
 * first, white's ant walking round to its end, two more white ants past it while black, with every
 * piece pinned in the line, must pass. The same game is written going east, west (mirrored) and
 * north-west (turned by 120 degrees), each on the board without an edge and on the old wrapping one.
 */

/**
 * Revision 101 (the fourth word of SU), whose board has no edge: the writer prints a column past Z as
 * the count beyond Z and the letter, so white's ants stand at Z, 1Z and 2Z. Every turn is one
 * `MoveDone` step (a move and its Done at once, as boardspace's robot writes them, placements
 * included), and black's passes are `PassDone`.
 */
export const SGF_EAST = String.raw`(;GM[27]VV[1]SU[hive 2 0 101]P0[id "ann"]P1[id "bob"]
;P0[1 MoveDone W wS1 N 13 .];P1[2 MoveDone B bS1 O 13 wS1-]
;P0[3 MoveDone W wQ M 13 -wS1];P1[4 MoveDone B bQ P 13 bS1-]
;P0[5 MoveDone W wG1 L 13 -wQ];P1[6 MoveDone B bA1 Q 13 bQ-]
;P0[7 MoveDone W wG2 K 13 -wG1];P1[8 MoveDone B bA2 R 13 bA1-]
;P0[9 MoveDone W wG3 J 13 -wG2];P1[10 MoveDone B bA3 S 13 bA2-]
;P0[11 MoveDone W wB1 I 13 -wG3];P1[12 MoveDone B bG1 T 13 bA3-]
;P0[13 MoveDone W wB2 H 13 -wB1];P1[14 MoveDone B bG2 U 13 bG1-]
;P0[15 MoveDone W wS2 G 13 -wB2];P1[16 MoveDone B bG3 V 13 bG2-]
;P0[17 MoveDone W wA1 F 13 -wS2];P1[18 MoveDone B bB1 W 13 bG3-]
;P0[19 MoveDone W wA1 W 14 \\bB1];P1[20 MoveDone B bB2 X 13 bB1-]
;P0[21 MoveDone W wA1 X 14 \\bB2];P1[22 MoveDone B bS2 Y 13 bB2-]
;P0[23 MoveDone W wA1 Z 13 bS2-];P1[24 PassDone]
;P0[25 MoveDone W wA2 1Z 13 wA1-];P1[26 PassDone]
;P0[27 MoveDone W wA3 2Z 13 wA2-])`;

/** The game's UHP moves, `;`-separated. */
export const EAST_MOVES =
  'wS1;bS1 wS1-;wQ -wS1;bQ bS1-;wG1 -wQ;bA1 bQ-;wG2 -wG1;bA2 bA1-;wG3 -wG2;bA3 bA2-;wB1 -wG3;bG1 bA3-;wB2 -wB1;bG2 bG1-;wS2 -wB2;bG3 bG2-;wA1 -wS2;bB1 bG3-;wA1 \\bB1;bB2 bB1-;wA1 \\bB2;bS2 bB2-;wA1 bS2-;pass;wA2 wA1-;pass;wA3 wA2-'.split(
    ';',
  );

/**
 * The same game mirrored, going west on the board without an edge: a column before A is printed as
 * the count before A and the letter, so the last white ant stands at 1A.
 */
export const SGF_WEST = String.raw`(;GM[27]VV[1]SU[hive 2 0 101]P0[id "ann"]P1[id "bob"]
;P0[1 MoveDone W wS1 N 13 .];P1[2 MoveDone B bS1 M 13 -wS1]
;P0[3 MoveDone W wQ O 13 wS1-];P1[4 MoveDone B bQ L 13 -bS1]
;P0[5 MoveDone W wG1 P 13 wQ-];P1[6 MoveDone B bA1 K 13 -bQ]
;P0[7 MoveDone W wG2 Q 13 wG1-];P1[8 MoveDone B bA2 J 13 -bA1]
;P0[9 MoveDone W wG3 R 13 wG2-];P1[10 MoveDone B bA3 I 13 -bA2]
;P0[11 MoveDone W wB1 S 13 wG3-];P1[12 MoveDone B bG1 H 13 -bA3]
;P0[13 MoveDone W wB2 T 13 wB1-];P1[14 MoveDone B bG2 G 13 -bG1]
;P0[15 MoveDone W wS2 U 13 wB2-];P1[16 MoveDone B bG3 F 13 -bG2]
;P0[17 MoveDone W wA1 V 13 wS2-];P1[18 MoveDone B bB1 E 13 -bG3]
;P0[19 MoveDone W wA1 F 14 \\bG3];P1[20 MoveDone B bB2 D 13 -bB1]
;P0[21 MoveDone W wA1 E 14 \\bB1];P1[22 MoveDone B bS2 C 13 -bB2]
;P0[23 MoveDone W wA1 B 13 -bS2];P1[24 PassDone]
;P0[25 MoveDone W wA2 A 13 -wA1];P1[26 PassDone]
;P0[27 MoveDone W wA3 1A 13 -wA2])`;

/** The game's UHP moves, `;`-separated. */
export const WEST_MOVES =
  'wS1;bS1 -wS1;wQ wS1-;bQ -bS1;wG1 wQ-;bA1 -bQ;wG2 wG1-;bA2 -bA1;wG3 wG2-;bA3 -bA2;wB1 wG3-;bG1 -bA3;wB2 wB1-;bG2 -bG1;wS2 wB2-;bG3 -bG2;wA1 wS2-;bB1 -bG3;wA1 \\bG3;bB2 -bB1;wA1 \\bB1;bS2 -bB2;wA1 -bS2;pass;wA2 -wA1;pass;wA3 -wA2'.split(
    ';',
  );

/**
 * The same game turned to run north-west, where each step adds one to the row: on the board without an
 * edge rows go on past 26 (27 here).
 */
export const SGF_NORTH = String.raw`(;GM[27]VV[1]SU[hive 2 0 101]P0[id "ann"]P1[id "bob"]
;P0[1 MoveDone W wS1 N 13 .];P1[2 MoveDone B bS1 N 14 \\wS1]
;P0[3 MoveDone W wQ N 12 wS1\\];P1[4 MoveDone B bQ N 15 \\bS1]
;P0[5 MoveDone W wG1 N 11 wQ\\];P1[6 MoveDone B bA1 N 16 \\bQ]
;P0[7 MoveDone W wG2 N 10 wG1\\];P1[8 MoveDone B bA2 N 17 \\bA1]
;P0[9 MoveDone W wG3 N 9 wG2\\];P1[10 MoveDone B bA3 N 18 \\bA2]
;P0[11 MoveDone W wB1 N 8 wG3\\];P1[12 MoveDone B bG1 N 19 \\bA3]
;P0[13 MoveDone W wB2 N 7 wB1\\];P1[14 MoveDone B bG2 N 20 \\bG1]
;P0[15 MoveDone W wS2 N 6 wB2\\];P1[16 MoveDone B bG3 N 21 \\bG2]
;P0[17 MoveDone W wA1 N 5 wS2\\];P1[18 MoveDone B bB1 N 22 \\bG3]
;P0[19 MoveDone W wA1 M 21 /bB1];P1[20 MoveDone B bB2 N 23 \\bB1]
;P0[21 MoveDone W wA1 M 22 /bB2];P1[22 MoveDone B bS2 N 24 \\bB2]
;P0[23 MoveDone W wA1 N 25 \\bS2];P1[24 PassDone]
;P0[25 MoveDone W wA2 N 26 \\wA1];P1[26 PassDone]
;P0[27 MoveDone W wA3 N 27 \\wA2])`;

/** The game's UHP moves, `;`-separated. */
export const NORTH_MOVES =
  'wS1;bS1 \\wS1;wQ wS1\\;bQ \\bS1;wG1 wQ\\;bA1 \\bQ;wG2 wG1\\;bA2 \\bA1;wG3 wG2\\;bA3 \\bA2;wB1 wG3\\;bG1 \\bA3;wB2 wB1\\;bG2 \\bG1;wS2 wB2\\;bG3 \\bG2;wA1 wS2\\;bB1 \\bG3;wA1 /bB1;bB2 \\bB1;wA1 /bB2;bS2 \\bB2;wA1 \\bS2;pass;wA2 \\wA1;pass;wA3 \\wA2'.split(
    ';',
  );

/**
 * The east game as the older board wrote it: no revision in SU, and a board of 26 columns and 26 rows
 * whose edges join (a torus), so the column after Z is A again: the ants past Z stand at A and B.
 */
export const SGF_EAST_WRAPPED = String.raw`(;GM[27]VV[1]SU[hive]P0[id "ann"]P1[id "bob"]
;P0[1 MoveDone W wS1 N 13 .];P1[2 MoveDone B bS1 O 13 wS1-]
;P0[3 MoveDone W wQ M 13 -wS1];P1[4 MoveDone B bQ P 13 bS1-]
;P0[5 MoveDone W wG1 L 13 -wQ];P1[6 MoveDone B bA1 Q 13 bQ-]
;P0[7 MoveDone W wG2 K 13 -wG1];P1[8 MoveDone B bA2 R 13 bA1-]
;P0[9 MoveDone W wG3 J 13 -wG2];P1[10 MoveDone B bA3 S 13 bA2-]
;P0[11 MoveDone W wB1 I 13 -wG3];P1[12 MoveDone B bG1 T 13 bA3-]
;P0[13 MoveDone W wB2 H 13 -wB1];P1[14 MoveDone B bG2 U 13 bG1-]
;P0[15 MoveDone W wS2 G 13 -wB2];P1[16 MoveDone B bG3 V 13 bG2-]
;P0[17 MoveDone W wA1 F 13 -wS2];P1[18 MoveDone B bB1 W 13 bG3-]
;P0[19 MoveDone W wA1 W 14 \\bB1];P1[20 MoveDone B bB2 X 13 bB1-]
;P0[21 MoveDone W wA1 X 14 \\bB2];P1[22 MoveDone B bS2 Y 13 bB2-]
;P0[23 MoveDone W wA1 Z 13 bS2-];P1[24 PassDone]
;P0[25 MoveDone W wA2 A 13 wA1-];P1[26 PassDone]
;P0[27 MoveDone W wA3 B 13 wA2-])`;

/**
 * The west game on the wrapping board: the column before A is Z.
 */
export const SGF_WEST_WRAPPED = String.raw`(;GM[27]VV[1]SU[Hive]P0[id "ann"]P1[id "bob"]
;P0[1 MoveDone W wS1 N 13 .];P1[2 MoveDone B bS1 M 13 -wS1]
;P0[3 MoveDone W wQ O 13 wS1-];P1[4 MoveDone B bQ L 13 -bS1]
;P0[5 MoveDone W wG1 P 13 wQ-];P1[6 MoveDone B bA1 K 13 -bQ]
;P0[7 MoveDone W wG2 Q 13 wG1-];P1[8 MoveDone B bA2 J 13 -bA1]
;P0[9 MoveDone W wG3 R 13 wG2-];P1[10 MoveDone B bA3 I 13 -bA2]
;P0[11 MoveDone W wB1 S 13 wG3-];P1[12 MoveDone B bG1 H 13 -bA3]
;P0[13 MoveDone W wB2 T 13 wB1-];P1[14 MoveDone B bG2 G 13 -bG1]
;P0[15 MoveDone W wS2 U 13 wB2-];P1[16 MoveDone B bG3 F 13 -bG2]
;P0[17 MoveDone W wA1 V 13 wS2-];P1[18 MoveDone B bB1 E 13 -bG3]
;P0[19 MoveDone W wA1 F 14 \\bG3];P1[20 MoveDone B bB2 D 13 -bB1]
;P0[21 MoveDone W wA1 E 14 \\bB1];P1[22 MoveDone B bS2 C 13 -bB2]
;P0[23 MoveDone W wA1 B 13 -bS2];P1[24 PassDone]
;P0[25 MoveDone W wA2 A 13 -wA1];P1[26 PassDone]
;P0[27 MoveDone W wA3 Z 13 -wA2])`;

/**
 * The north-west game on the wrapping board: the row after 26 is 1.
 */
export const SGF_NORTH_WRAPPED = String.raw`(;GM[27]VV[1]SU[hive]P0[id "ann"]P1[id "bob"]
;P0[1 MoveDone W wS1 N 13 .];P1[2 MoveDone B bS1 N 14 \\wS1]
;P0[3 MoveDone W wQ N 12 wS1\\];P1[4 MoveDone B bQ N 15 \\bS1]
;P0[5 MoveDone W wG1 N 11 wQ\\];P1[6 MoveDone B bA1 N 16 \\bQ]
;P0[7 MoveDone W wG2 N 10 wG1\\];P1[8 MoveDone B bA2 N 17 \\bA1]
;P0[9 MoveDone W wG3 N 9 wG2\\];P1[10 MoveDone B bA3 N 18 \\bA2]
;P0[11 MoveDone W wB1 N 8 wG3\\];P1[12 MoveDone B bG1 N 19 \\bA3]
;P0[13 MoveDone W wB2 N 7 wB1\\];P1[14 MoveDone B bG2 N 20 \\bG1]
;P0[15 MoveDone W wS2 N 6 wB2\\];P1[16 MoveDone B bG3 N 21 \\bG2]
;P0[17 MoveDone W wA1 N 5 wS2\\];P1[18 MoveDone B bB1 N 22 \\bG3]
;P0[19 MoveDone W wA1 M 21 /bB1];P1[20 MoveDone B bB2 N 23 \\bB1]
;P0[21 MoveDone W wA1 M 22 /bB2];P1[22 MoveDone B bS2 N 24 \\bB2]
;P0[23 MoveDone W wA1 N 25 \\bS2];P1[24 PassDone]
;P0[25 MoveDone W wA2 N 26 \\wA1];P1[26 PassDone]
;P0[27 MoveDone W wA3 N 1 \\wA2])`;

/**
 * A Base+P game with every way boardspace's writer puts a piece down: `Pick <rack> <index> <piece>` and
 * `Dropb <piece> <col> <row> <ref>` then `Done` (a person dragging from the reserve); `Move <colour>
 * <piece> <col> <row> <ref>` then `Done` (one step, from the reserve or the board); `MoveDone`; the
 * Pillbug's throw of a black piece as `PMove` then `Done`, as `Pickb <col> <row> <piece>` and `Pdropb`
 * (a person lifting an enemy piece) then `Done`, and as `PMoveDone`. Pieces are named with their colour
 * and the Pillbug is `wP1`. Black resigns with `Resign` and confirms it with `Done`.
 */
export const SGF_PILLBUG = String.raw`(;GM[27]VV[1]SU[hive-p 2 0 101]P0[id "cleo"]P1[id "dan"]
;P0[1 Pick W 4 wS1]
;P0[2 Dropb wS1 N 13 .]
;P0[3 Done]
;P1[4 Move B bS1 O 13 wS1-]
;P1[5 Done]
;P0[6 Pick W 0 wQ]
;P0[7 Dropb wQ M 13 -wS1]
;P0[8 Done]
;P1[9 Move B bQ P 13 bS1-]
;P1[10 Done]
;P0[11 Pick W 8 wP1]
;P0[12 Dropb wP1 N 14 \\wS1]
;P0[13 Done]
;P1[14 Move B bA1 O 12 bS1\\]
;P1[15 Done]
;P0[16 MoveDone W wP1 O 14 \\bS1]
;P1[17 Move B bQ P 14 bS1/]
;P1[18 Done]
;P0[19 Pick W 4 wS2]
;P0[20 Dropb wS2 L 12 /wQ]
;P0[21 Done]
;P1[22 MoveDone B bG1 O 11 bA1\\]
;P0[23 PMove B bQ O 15 \\wP]
;P0[24 Done]
;P1[25 MoveDone B bP1 P 12 bG1/]
;P0[26 Pickb O 15 bQ]
;P0[27 Pdropb bQ N 14 -wP]
;P0[28 Done]
;P1[29 MoveDone B bP1 P 13 bA1/]
;P0[30 PMoveDone B bQ P 14 \\bP]
;P1[31 Resign]
;P1[32 Done])`;

/** The game's UHP moves, `;`-separated. */
export const PILLBUG_MOVES =
  'wS1;bS1 wS1-;wQ -wS1;bQ bS1-;wP \\wS1;bA1 bS1\\;wP \\bS1;bQ bS1/;wS2 /wQ;bG1 bA1\\;bQ \\wP;bP bG1/;bQ -wP;bP bA1/;bQ \\bP'.split(';');

/**
 * A person's hesitations, without step numbers (boardspace's reader takes the number as optional): a
 * piece lifted and put back in the reserve (`Drop`), a piece put down, lifted again (`Pickb` of the cell
 * just filled takes the drop back) and put down elsewhere, a queen lifted and put back where it stood
 * (nothing moved) before it moves. Then a draw offered, and accepted with `AcceptDraw` and `Done`.
 */
export const SGF_HESITANT = `(;GM[27]VV[1]SU[hive-lm 2 0 101]P0[id "eve"]P1[id "fay"]
;P0[Start P0]
;P0[Pick W 4 wS1];P0[Drop W 4 wS1 Rack]
;P0[Pick W 1 wA1];P0[Dropb wA1 N 13 .];P0[Pickb N 13 wA1];P0[Dropb wA1 N 13 .];P0[Done]
;P1[Pick B 3 bB1];P1[Dropb bB1 O 13 wA1-];P1[Pickb O 13 bB1];P1[Dropb bB1 M 13 -wA1];P1[Done]
;P0[Pick W 0 wQ];P0[Dropb wQ O 13 wA1-];P0[Done]
;P1[Pick B 0 bQ];P1[Dropb bQ L 13 -bB1];P1[Done]
;P0[Pickb O 13 wQ];P0[Dropb wQ O 13 .];P0[Pickb O 13 wQ];P0[Dropb wQ O 14 wA1/];P0[Done]
;P1[OfferDraw];P1[Done]
;P0[AcceptDraw];P0[Done])`;

export const HESITANT_MOVES = ['wA1', 'bB1 -wA1', 'wQ wA1-', 'bQ -bB1', 'wQ wA1/'];
