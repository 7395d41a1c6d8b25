/**
 * An id that goes into addresses and onto command lines (a game's, a tournament's): base64url of
 * `bytes` random bytes, drawn again when it would start with "-", which a command line takes for an
 * option (`hexarena swiss export -eSYGqmM` was refused as an unknown flag, one id in 64).
 */
export function addressId(draw: (bytes: number) => Buffer, bytes: number): string {
  for (;;) {
    const id = draw(bytes).toString('base64url');
    if (!id.startsWith('-')) return id;
  }
}
